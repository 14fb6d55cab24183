/**
 * Counts failed logins per (IP, identity) so password guessing is slowed without locking out a
 * yard full of tablets that share one address (D3). In memory: a restart forgives everyone.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = 10,
    private readonly windowMs = 15 * 60 * 1000,
  ) {}

  private key(ip: string, identity: string): string {
    return `${ip}|${identity.trim().toLowerCase()}`;
  }

  private recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  isBlocked(ip: string, identity: string, now = Date.now()): boolean {
    return this.recent(this.key(ip, identity), now).length >= this.maxFailures;
  }

  recordFailure(ip: string, identity: string, now = Date.now()): void {
    const key = this.key(ip, identity);
    this.failures.set(key, [...this.recent(key, now), now]);
    // Keep memory bounded if someone sprays random identities.
    if (this.failures.size > 50_000) this.failures.delete(this.failures.keys().next().value as string);
  }

  reset(ip: string, identity: string): void {
    this.failures.delete(this.key(ip, identity));
  }
}
