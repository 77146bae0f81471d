import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-local';
import type { User } from '../../users/user.entity.js';
import { AuthService } from '../auth.service.js';
import { privateRegistry } from './run-strategy.js';

/**
 * Sign-in with e-mail and password (POST auth/login), on a body the sign-in guard has already validated.
 * Each way of signing in is a strategy that ends in a staff account and hands it to AuthService.startSession:
 * a sign-in with Google for staff would be one more strategy beside this one, behind a guard of its own.
 */
@Injectable()
export class PasswordStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'email', passwordField: 'password', passReqToCallback: true });
  }

  validate(request: FastifyRequest, email: string, password: string): Promise<User> {
    return this.auth.verifySignIn(email, password, request.ip);
  }

  /** Where @nestjs/passport registers the strategy: not Passport's process-wide registry (see runStrategy). */
  getPassportInstance() {
    return privateRegistry();
  }
}
