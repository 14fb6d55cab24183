/**
 * The streams that have not signed in yet, oldest first, overall and by address. Every stream
 * starts here (EventSource sends no Authorization header; the SDK signs in with its first
 * subscribe, right after PB_CONNECT), so a legitimate stream passes through in one round trip.
 */
export class AnonymousStreams<Client> {
  /** Insertion order is age order: a stream that signs out again joins at the end. */
  private readonly since = new Map<Client, number>();
  private readonly byAddress = new Map<string, Set<Client>>();
  private readonly addressOf = new Map<Client, string>();

  get size(): number {
    return this.since.size;
  }

  has(client: Client): boolean {
    return this.since.has(client);
  }

  countFrom(ip: string): number {
    return this.byAddress.get(ip)?.size ?? 0;
  }

  add(client: Client, ip: string, now: number): void {
    if (this.since.has(client)) return;
    this.since.set(client, now);
    this.addressOf.set(client, ip);
    let same = this.byAddress.get(ip);
    if (!same) this.byAddress.set(ip, (same = new Set()));
    same.add(client);
  }

  delete(client: Client): void {
    if (!this.since.delete(client)) return;
    const ip = this.addressOf.get(client) ?? '';
    this.addressOf.delete(client);
    const same = this.byAddress.get(ip);
    if (same?.delete(client) && same.size === 0) this.byAddress.delete(ip);
  }

  clear(): void {
    this.since.clear();
    this.byAddress.clear();
    this.addressOf.clear();
  }

  /** The stream that has waited longest (from `ip`, or from anywhere), if it has waited since `before` or longer. */
  oldest(ip: string | null, before: number): Client | undefined {
    const candidates = ip === null ? this.since.keys() : (this.byAddress.get(ip)?.values() ?? [].values());
    // Per address, a Set keeps insertion order too, which is the same age order.
    const first = candidates.next();
    if (first.done) return undefined;
    const since = this.since.get(first.value);
    return since !== undefined && since <= before ? first.value : undefined;
  }
}
