import { describe, expect, it } from 'vitest';
import { dayLabels, labelCount, labelsFileName, runLabels } from './trolley-labels';

const orderUrl = (id: string) => `https://yard.test/edit/${id}`;
const stop = (id: string, title: string, trollies: string) => ({ id, title, postcode: 'me11ab', trollies, orderNumber: `SO-${id}` });

describe('labelCount', () => {
  it.each([
    ['3', 3],
    ['1.5', 2],
    ['0.5', 1],
    ['2T', 2],
    ['', 1],
    ['half', 1],
    ['0', 1],
    ['1000', 60],
  ])('%j trolleys take %i labels', (trollies, count) => expect(labelCount(trollies)).toBe(count));
});

describe('runLabels', () => {
  it('prints one label per trolley, numbering drops from the first stop and trolleys n of N', () => {
    const labels = runLabels([stop('a1', ' Łódź Garden ', '3'), stop('b2', 'Rosebank', '0.5')], { date: '2026-11-23', orderUrl });
    expect(labels.map((l) => `${l.customer}|${l.drop}|${l.n}/${l.total}`)).toEqual([
      'Łódź Garden|1|1/3',
      'Łódź Garden|1|2/3',
      'Łódź Garden|1|3/3',
      'Rosebank|2|1/1',
    ]);
    expect(labels[0]).toMatchObject({
      orderId: 'a1',
      postcode: 'ME1 1AB',
      orderNumber: 'SO-a1',
      date: '23-11-2026',
      qr: 'https://yard.test/edit/a1',
    });
  });

  it('gives a day’s labels no drop number', () => {
    expect(dayLabels([stop('a1', 'Fernhill', '2')], { date: '2026-11-23', orderUrl }).map((l) => l.drop)).toEqual([null, null]);
  });
});

describe('labelsFileName', () => {
  it('has no spaces', () => {
    expect(labelsFileName('23-11-2026 Sam AB12', '2026-11-23')).toBe('labels_23-11-2026-Sam-AB12_23-11-2026.pdf');
    expect(labelsFileName('tuesday', '2026-11-24')).toBe('labels_tuesday_24-11-2026.pdf');
  });
});
