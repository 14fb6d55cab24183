import { describe, expect, it } from 'vitest';
import { checkPlantNames, plantKey, plantNamesOf } from './plant-labels';

describe('plant names', () => {
  it.each([
    ['Lavandula angustifolia', 'lavandula angustifolia'],
    ["  Lavandula  'Hidcote'  3L ", 'lavandula hidcote 3l'],
    ['Rosa\u00a0Iceberg, 10/12cm', 'rosa iceberg 1012cm'],
    ['Hélianthème', 'hélianthème'],
    ['---', ''],
  ])('%j is the plant %j', (name, key) => {
    expect(plantKey(name)).toBe(key);
  });

  it('takes one name a line, trimmed, without blank lines or repeats', () => {
    expect(plantNamesOf('Rosa Iceberg\r\n\n  lavandula  hidcote \nROSA ICEBERG.\n \nBuxus')).toEqual([
      'Rosa Iceberg',
      'lavandula hidcote',
      'Buxus',
    ]);
  });

  it('finds each name on the list by its key; a name not on it has no plant', () => {
    const list = [
      { id: 'a', plant_name: 'Rosa Iceberg', has_labels: 'labels' as const },
      { id: 'b', plant_name: 'rosa iceberg', has_labels: 'print' as const },
      { id: 'c', plant_name: 'Buxus 2L', has_labels: 'print' as const },
    ];
    expect(checkPlantNames(['ROSA  Iceberg', 'Buxus, 2L', 'Taxus'], list).map((c) => [c.name, c.plant?.id ?? null])).toEqual([
      ['ROSA  Iceberg', 'a'],
      ['Buxus, 2L', 'c'],
      ['Taxus', null],
    ]);
  });
});
