import { Injectable } from '@nestjs/common';
import type { Tx } from '@intranet/platform-db';
import { assistantSettings, type AssistantSettingsRow } from './schema.ts';

/** SQL of the assistant's per-client settings (§3 Company AI data and the model connection). */
@Injectable()
export class AssistantRepository {
  /** The client's row (row-level security confines `tx` to its tenant), or undefined when never saved. */
  async get(tx: Tx): Promise<AssistantSettingsRow | undefined> {
    const [row] = await tx.select().from(assistantSettings).limit(1);
    return row;
  }

  /** Creates or replaces the client's row with `values` (the fields not given keep their stored value). */
  async save(tx: Tx, clientId: string, values: Partial<Omit<AssistantSettingsRow, 'clientId'>>): Promise<AssistantSettingsRow> {
    const set = { ...values, updatedAt: new Date() };
    const [row] = await tx
      .insert(assistantSettings)
      .values({ clientId, ...set })
      .onConflictDoUpdate({ target: assistantSettings.clientId, set })
      .returning();
    return row!;
  }
}
