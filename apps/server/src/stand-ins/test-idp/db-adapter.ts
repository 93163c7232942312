import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/client';
import * as repo from './test-idp-entries.repo';

/**
 * oidc-provider's storage on our database (`test_idp_entries`), one adapter per model: what one instance stores
 * (an interaction, a session, a grant, a code) every instance finds, and a restart keeps it. An entry past its
 * `expiresIn` is never returned; expired rows are deleted whenever a sign-in starts (a new Interaction is stored), as
 * the identity module does with its own login flows, so nothing needs a job.
 */
export class DbAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const now = new Date();
    if (this.model === 'Interaction') await repo.deleteExpiredEntries(this.db, now);
    await repo.upsertEntry(this.db, {
      model: this.model,
      id,
      payload,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: typeof expiresIn === 'number' ? new Date(now.getTime() + expiresIn * 1000) : null,
    });
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findBy({ id });
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findBy({ uid });
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findBy({ userCode });
  }

  /** Marks the entry used; finds then carry `consumed` (epoch seconds), which the provider treats as a replay. */
  async consume(id: string): Promise<void> {
    await repo.consumeEntry(this.db, this.model, id, new Date());
  }

  async destroy(id: string): Promise<void> {
    await repo.deleteEntry(this.db, this.model, id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await repo.deleteEntriesOfGrant(this.db, this.model, grantId);
  }

  private async findBy(by: Parameters<typeof repo.findEntry>[2]): Promise<AdapterPayload | undefined> {
    const entry = await repo.findEntry(this.db, this.model, by, new Date());
    if (!entry) return undefined;
    const payload = entry.payload as AdapterPayload;
    return entry.consumedAt ? { ...payload, consumed: Math.floor(entry.consumedAt.getTime() / 1000) } : payload;
  }
}

/** The `adapter` option of oidc-provider's configuration: the provider asks for one adapter per model name. */
export function dbAdapterFactory(db: Db): AdapterFactory {
  return (model) => new DbAdapter(db, model);
}
