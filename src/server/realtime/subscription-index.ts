import type { Subscription } from './subscriptions';

/** One client's subscriptions to one collection, split by target so that an event meets only its own. */
export interface ClientTopics {
  /** `*` topics (the list rule): every record of the collection. */
  wildcard: Subscription[];
  /** `{id}` topics (the view rule), by record id. */
  byRecord: Map<string, Subscription[]>;
}

/**
 * Every client's subscriptions, by collection and the client's nursery, then by client:
 * delivering a change looks only at the clients of its own nursery subscribed to its collection
 * (docs/decisions/036), and within each only at its `*` topics and the topics of the changed record.
 * The rules still decide every event: this only spares the work of asking for other nurseries.
 */
export class SubscriptionIndex<Client> {
  private readonly byCollection = new Map<string, Map<Client, ClientTopics>>();
  /** Where each client's subscriptions are kept, so they can be removed. */
  private readonly keysOf = new Map<Client, string[]>();

  private static key(collection: string, nursery: string): string {
    return `${collection}\n${nursery}`;
  }

  /** Replaces everything `client` was subscribed to; `nursery` is its user's ('' for a visitor). */
  set(client: Client, subscriptions: readonly Subscription[], nursery = ''): void {
    this.remove(client);
    const keys: string[] = [];
    for (const subscription of subscriptions) {
      const key = SubscriptionIndex.key(subscription.collection.name, nursery);
      let clients = this.byCollection.get(key);
      if (!clients) this.byCollection.set(key, (clients = new Map()));
      let topics = clients.get(client);
      if (!topics) {
        clients.set(client, (topics = { wildcard: [], byRecord: new Map() }));
        keys.push(key);
      }
      if (subscription.recordId === null) topics.wildcard.push(subscription);
      else {
        const same = topics.byRecord.get(subscription.recordId);
        if (same) same.push(subscription);
        else topics.byRecord.set(subscription.recordId, [subscription]);
      }
    }
    if (keys.length > 0) this.keysOf.set(client, keys);
  }

  remove(client: Client): void {
    for (const key of this.keysOf.get(client) ?? []) {
      const clients = this.byCollection.get(key);
      if (clients?.delete(client) && clients.size === 0) this.byCollection.delete(key);
    }
    this.keysOf.delete(client);
  }

  clear(): void {
    this.byCollection.clear();
    this.keysOf.clear();
  }

  /**
   * The clients of `nursery` subscribed to something in `collection`, oldest subscription first;
   * a copy, as delivery may pause between them.
   */
  clientsOf(collection: string, nursery: string): Client[] {
    const clients = this.byCollection.get(SubscriptionIndex.key(collection, nursery));
    return clients ? [...clients.keys()] : [];
  }

  /** What `client` of `nursery` holds in `collection` now (it may have changed since clientsOf). */
  topicsOf(collection: string, nursery: string, client: Client): ClientTopics | undefined {
    return this.byCollection.get(SubscriptionIndex.key(collection, nursery))?.get(client);
  }
}
