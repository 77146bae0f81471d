import { randomBytes } from 'node:crypto';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter as BullBoardFastifyAdapter } from '@bull-board/fastify';
import { getQueueToken } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import type { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Principal } from '../../platform/http/auth-decorators.js';
import { errorBody } from '../../platform/http/error-body.js';
import { ALL_QUEUES } from '../../platform/queue/queue-names.js';
import { REDIS } from '../../platform/redis/redis.module.js';
import { AuthService } from '../auth/auth.service.js';

export const QUEUE_BOARD_PATH = '/backend/queues';
const COOKIE = 'jc_queue_board';
const TICKET_TTL_SECONDS = 60;
const COOKIE_TTL_SECONDS = 3600;

interface BoardClaims {
  sub: string;
  sid: string;
  typ: 'queue-board';
}

/**
 * Bull Board for operators. The SPA (bearer token) asks for a one-time link; opening it sets an HttpOnly cookie
 * scoped to the board's path. Every page, asset and API call of the board checks that cookie and that its
 * session still belongs to a superadmin.
 */
@Injectable()
export class QueueBoardService {
  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly jwt: JwtService,
    private readonly auth: AuthService,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async createLink(principal: Principal): Promise<string> {
    const ticket = randomBytes(24).toString('base64url');
    await this.redis.set(this.ticketKey(ticket), JSON.stringify(principal), 'EX', TICKET_TTL_SECONDS);
    return `${QUEUE_BOARD_PATH}/login?ticket=${ticket}`;
  }

  async mount(fastify: FastifyInstance): Promise<void> {
    fastify.addHook('onRequest', async (request, reply) => {
      const path = normalisePath(request.url);
      if (path !== QUEUE_BOARD_PATH && !path.startsWith(`${QUEUE_BOARD_PATH}/`)) return;
      if (path === `${QUEUE_BOARD_PATH}/login`) return this.redeem(request, reply);
      const refusal = await this.authorise(request);
      if (refusal) return reply.status(refusal.statusCode).send(refusal);
    });

    const serverAdapter = new BullBoardFastifyAdapter();
    serverAdapter.setBasePath(QUEUE_BOARD_PATH);
    createBullBoard({
      queues: ALL_QUEUES.map(
        (name) => new BullMQAdapter(this.moduleRef.get<Queue>(getQueueToken(name), { strict: false })),
      ),
      serverAdapter,
      options: { uiConfig: { boardTitle: 'JOB CASTING queues' } },
    });
    await fastify.register(serverAdapter.registerPlugin(), { prefix: QUEUE_BOARD_PATH });
  }

  private async redeem(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const ticket = (request.query as { ticket?: string }).ticket ?? '';
    const stored = ticket ? await this.redis.getdel(this.ticketKey(ticket)) : null;
    const principal = stored ? (JSON.parse(stored) as Principal) : null;
    const live = principal
      ? await this.auth.checkSession(principal.sessionId, principal.userId).catch(() => null)
      : null;
    if (!live || live.role !== 'superadmin') {
      await reply
        .status(401)
        .send(errorBody(401, 'This link has expired or was already used. Open the queues again from the menu.'));
      return;
    }
    const claims: BoardClaims = { sub: String(live.userId), sid: live.sessionId, typ: 'queue-board' };
    const cookie = await this.jwt.signAsync(claims, { algorithm: 'HS256', expiresIn: COOKIE_TTL_SECONDS });
    await reply
      .setCookie(COOKIE, cookie, {
        path: QUEUE_BOARD_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        maxAge: COOKIE_TTL_SECONDS,
      })
      .redirect(`${QUEUE_BOARD_PATH}/`, 303);
  }

  private async authorise(request: FastifyRequest) {
    const cookie = request.cookies[COOKIE];
    if (!cookie) return errorBody(401, 'Please open the queues from the admin menu as a superadmin.');
    try {
      const claims = await this.jwt.verifyAsync<BoardClaims>(cookie, { algorithms: ['HS256'] });
      if (claims.typ !== 'queue-board') throw new Error('wrong token type');
      const principal = await this.auth.checkSession(claims.sid, Number(claims.sub));
      if (principal.role !== 'superadmin') return errorBody(403, 'Access denied. Superadmin privileges required.');
      return null;
    } catch {
      return errorBody(401, 'Please open the queues from the admin menu as a superadmin.');
    }
  }

  private ticketKey(ticket: string): string {
    return `queue-board:ticket:${ticket}`;
  }
}

/** The path as a router could read it: decoded, slashes collapsed, lower-cased, so no spelling slips past. */
function normalisePath(url: string): string {
  const raw = url.split('?')[0];
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Malformed escapes stay as they are; the router refuses them too.
  }
  return decoded.replace(/\/{2,}/g, '/').toLowerCase();
}
