/**
 * Which queued prompts the CLI delivered into a running turn: it logs a `queue-operation` remove
 * with reason `absorbed_mid_turn` for each, and writes the prompt as a `queued_command` attachment
 * (possibly more than once). The reader shows the last copies of a delivered prompt as the user's
 * message, as the official SDK does.
 */
export class DeliveryLedger {
  readonly #counts = new Map<string, number>();
  readonly #copies = new Map<string, string>();
  readonly #mixed = new Set<string>();
  readonly #deliveryCopies = new Map<string, string[]>();
  readonly #seenCopyUuids = new Set<string>();

  /** Notes one transcript entry (any type). */
  note(entry: Record<string, unknown>): void {
    if (entry.type === 'queue-operation' && entry.operation === 'remove' && entry.reason === 'absorbed_mid_turn') {
      const key =
        typeof entry.deliveryId === 'string' && entry.deliveryId !== ''
          ? `delivery:${entry.deliveryId}`
          : typeof entry.commandUuid === 'string'
            ? `uuid:${entry.commandUuid}`
            : undefined;
      if (key !== undefined) this.#counts.set(key, (this.#counts.get(key) ?? 0) + 1);
      return;
    }
    if (entry.type !== 'attachment' || typeof entry.uuid !== 'string') return;
    const attachment = entry.attachment as Record<string, unknown> | null | undefined;
    if (attachment?.type !== 'queued_command') return;
    if (typeof attachment.delivery_id === 'string' && attachment.delivery_id) {
      if (this.#seenCopyUuids.has(entry.uuid)) return;
      this.#seenCopyUuids.add(entry.uuid);
      const key = `delivery:${attachment.delivery_id}`;
      this.#deliveryCopies.set(key, [...(this.#deliveryCopies.get(key) ?? []), entry.uuid]);
      return;
    }
    if (typeof attachment.source_uuid !== 'string' || !attachment.source_uuid) return;
    const json = JSON.stringify(attachment);
    const seen = this.#copies.get(attachment.source_uuid);
    if (seen === undefined) this.#copies.set(attachment.source_uuid, json);
    else if (seen !== json) this.#mixed.add(attachment.source_uuid);
  }

  /** The delivered keys: `delivery:<id>` and `uuid:<source uuid>` with counts, `entry:<uuid>` for delivered copies. */
  delivered(): Map<string, number> {
    const counts = new Map(this.#counts);
    for (const uuid of this.#mixed) counts.delete(`uuid:${uuid}`);
    for (const [key, uuids] of this.#deliveryCopies) {
      const count = counts.get(key) ?? 0;
      for (const uuid of uuids.slice(Math.max(0, uuids.length - count))) counts.set(`entry:${uuid}`, 1);
    }
    return counts;
  }
}
