import { describe, expect, it } from 'vitest';
import { labelOrigin, orderAddress, readScannedCode } from './order-address';

const ID = 'ab12cd34ef56gh7';
const PAGE = 'http://192.168.1.20:8090';

describe('labelOrigin', () => {
  it("uses APP_URL when the operator set it, else the page's origin", () => {
    expect(labelOrigin({ appUrl: 'https://board.nursery.test/', appUrlConfigured: true }, 'http://localhost:8090')).toBe(
      'https://board.nursery.test',
    );
    expect(labelOrigin({ appUrl: 'http://127.0.0.1:8090', appUrlConfigured: false }, PAGE)).toBe(PAGE);
    expect(labelOrigin(undefined, PAGE)).toBe(PAGE);
  });
});

describe('readScannedCode', () => {
  const known = [PAGE, 'https://board.nursery.test'];

  it('reads a label printed by this app (page origin, APP_URL or the office machine) as its order', () => {
    for (const origin of [PAGE, 'https://board.nursery.test', 'http://localhost:8090', 'http://127.0.0.1:8787'])
      expect(readScannedCode(orderAddress(origin, ID), known)).toEqual({ kind: 'order', orderId: ID });
    expect(readScannedCode(` ${PAGE}/edit/${ID}/ \n`, known)).toEqual({ kind: 'order', orderId: ID });
    expect(readScannedCode(`HTTPS://Board.Nursery.Test:443/edit/${ID}?from=label`, known)).toEqual({ kind: 'order', orderId: ID });
  });

  it.each([
    ['another site', `https://example.com/edit/${ID}`],
    ['a site named like loopback', `http://localhost.example.com/edit/${ID}`],
    ['a host hidden behind user info', `http://192.168.1.20:8090@example.com/edit/${ID}`],
    ['another port of a known host', `http://192.168.1.20:9000/edit/${ID}`],
    ['another path', `${PAGE}/customers/${ID}`],
    ['an id of the wrong shape', `${PAGE}/edit/AB12CD34EF56GH7`],
    ['an escaped id', `${PAGE}/edit/ab12cd34ef56g%68`],
    ['more path', `${PAGE}/edit/${ID}/delete`],
    ['plain text', 'SO-20401'],
    ['a bare id', ID],
    ['another scheme', `javascript:alert(1)//${PAGE}/edit/${ID}`],
    ['nothing', ''],
  ])('reads %s as not an order', (_, text) => expect(readScannedCode(text, known)).toEqual({ kind: 'other' }));

  it('ignores a known origin that is not an address', () => {
    expect(readScannedCode(`https://example.com/edit/${ID}`, ['not a url'])).toEqual({ kind: 'other' });
  });
});
