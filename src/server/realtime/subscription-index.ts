import type { Subscription } from './subscriptions';

/** One client's subscriptions to one collection, split by target so that an event meets only its own. */
export interface ClientTopics {
  /** `*` topics (the list rule): every record of the collection. */
  wildcard: Subscription[];
  /** `{id}` topics (the view rule), by record id. */
  byRecord: Map<string, Subscription[]>;
}

/**
 * Every client's subscriptions, by collection and then by client: delivering a change looks only
 * at the clients subscribed to its collection, and within each only at its `*` topics and the
 * topics of the changed record.
 */
export class SubscriptionIndex<Client> {
  private readonly byCollection = new Map<string, Map<Client, ClientTopics>>();

  /** Replaces everything `client` was subscribed to. */
  set(client: Client, subscriptions: readonly Subscription[]): void {
    this.remove(client);
    for (const subscription of subscriptions) {
      const name = subscription.collection.name;
      let clients = this.byCollection.get(name);
      if (!clients) this.byCollection.set(name, (clients = new Map()));
      let topics = clients.get(client);
      if (!topics) clients.set(client, (topics = { wildcard: [], byRecord: new Map() }));
      if (subscription.recordId === null) topics.wildcard.push(subscription);
      else {
        const same = topics.byRecord.get(subscription.recordId);
        if (same) same.push(subscription);
        else topics.byRecord.set(subscription.recordId, [subscription]);
      }
    }
  }

  remove(client: Client): void {
    for (const [name, clients] of this.byCollection) {
      if (clients.delete(client) && clients.size === 0) this.byCollection.delete(name);
    }
  }

  clear(): void {
    this.byCollection.clear();
  }

  /** The clients subscribed to something in `collection`, oldest subscription first; a copy, as delivery may pause between them. */
  clientsOf(collection: string): Client[] {
    const clients = this.byCollection.get(collection);
    return clients ? [...clients.keys()] : [];
  }

  /** What `client` holds in `collection` now (it may have changed since clientsOf). */
  topicsOf(collection: string, client: Client): ClientTopics | undefined {
    return this.byCollection.get(collection)?.get(client);
  }
}
