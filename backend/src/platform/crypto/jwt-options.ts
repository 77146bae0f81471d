import { createSecretKey } from 'node:crypto';
import type { JwtModuleOptions } from '@nestjs/jwt';
import type { AppConfig } from '../config/config.js';

/**
 * JwtModule options signing with JWT_SECRET through a key object made once: given the secret as a string,
 * jsonwebtoken first tries (and fails) to read it as a public key on every verify.
 */
export function jwtModuleOptions(config: AppConfig): JwtModuleOptions {
  const key = createSecretKey(Buffer.from(config.JWT_SECRET, 'utf8'));
  return { secretOrKeyProvider: () => key };
}
