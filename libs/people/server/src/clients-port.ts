import { Inject, Injectable } from '@nestjs/common';
import { PEOPLE_ERRORS } from '@intranet/people-contract';
import { CLIENTS_ERRORS, clientSubjects, type Client } from '@intranet/clients-contract';
import { ask, systemContext, type Bus } from '@intranet/platform-bus';
import { DomainError, Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { HrConnection } from './hr.ts';

/** Whether a clients-service answer is its "no such client" (the only failure a caller may map to its own error). */
export const isNotFound = (err: unknown): boolean => err instanceof DomainError && err.kind === 'not_found';

/**
 * What people asks the clients service (DESIGN §2: a domain never reads another's schema), as the system. A failing
 * clients service stays what it is (503, timeout); only "not found" is mapped where a caller says so.
 */
@Injectable()
export class ClientsPort {
  constructor(@Inject(PORTS.bus) private readonly bus: Bus) {}

  /** The client `id`. Errors: the clients service's (404 not_found for an unknown id). */
  get(id: string): Promise<Client> {
    return ask(this.bus, clientSubjects.internalGet, systemContext(), { id });
  }

  /** The client `id` for a user-management route. Errors: 400 field `client_id` 'Client not found' for an unknown one. */
  async forUsers(id: string): Promise<Client> {
    try {
      return await this.get(id);
    } catch (err) {
      if (isNotFound(err)) throw Errors.fieldCoded('client_id', CLIENTS_ERRORS.clientNotFound);
      throw err;
    }
  }

  /** The client of a workspace code. Errors: 404 'The requested resource was not found' for an unknown one. */
  async byWorkspace(workspace: string): Promise<Client> {
    try {
      return await ask(this.bus, clientSubjects.internalByWorkspace, systemContext(), { workspace });
    } catch (err) {
      if (isNotFound(err)) throw Errors.notFound();
      throw err;
    }
  }

  /**
   * The client's HR connection, checked for §5 (tax id, an address; the password unsealed by clients). Errors: 404
   * an unknown client, 400 'HR integration needs tax id', 400 'Connect the HR system first'.
   */
  async hrConnection(clientId: string): Promise<HrConnection> {
    const hr = await ask(this.bus, clientSubjects.internalHr, systemContext(), { id: clientId }).catch((err: unknown) => {
      throw isNotFound(err) ? Errors.notFound() : err;
    });
    if (!hr.taxNumber) throw Errors.codedAs('bad_request', PEOPLE_ERRORS.hrNeedsTaxId);
    if (!hr.url) throw Errors.codedAs('bad_request', PEOPLE_ERRORS.hrNotConnected);
    return { url: hr.url, login: hr.login, password: hr.password };
  }

  /** Gives `bytes` back to the client's storage quota (after a deleted file). */
  async releaseStorage(clientId: string, bytes: number): Promise<void> {
    await ask(this.bus, clientSubjects.storageRelease, systemContext(clientId), { clientId, bytes });
  }
}
