import { Injectable } from '@nestjs/common';
import { SharedVersions } from '../../platform/redis/shared-versions.js';

const KEY = 'auth:access-version';

/**
 * A version of who may do what, shared by every process: every write that can take access away (a revoked
 * session, a changed role, a deleted account) bumps it, so that every API process drops the sessions it checked
 * before.
 */
@Injectable()
export class AccessVersion {
  constructor(private readonly versions: SharedVersions) {}

  async current(): Promise<string> {
    const [version] = await this.versions.read([KEY]);
    return String(version);
  }

  /** Call after the write has committed. */
  bump(): Promise<void> {
    return this.versions.bump(KEY);
  }
}
