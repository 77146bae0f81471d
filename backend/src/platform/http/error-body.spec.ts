import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpException,
  NotFoundException,
  ServiceUnavailableException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { DomainError, type DomainErrorKind, invalid } from '../domain/domain-error.js';
import { toErrorBody } from './error-body.js';

describe('toErrorBody of a domain error', () => {
  it.each<[DomainErrorKind, (message: string) => Error]>([
    ['invalid', (message) => new BadRequestException(message)],
    ['forbidden', (message) => new ForbiddenException(message)],
    ['not-found', (message) => new NotFoundException(message)],
    ['conflict', (message) => new ConflictException(message)],
    ['unprocessable', (message) => new UnprocessableEntityException(message)],
    ['too-many-requests', (message) => new HttpException(message, 429)],
    ['upstream', (message) => new BadGatewayException(message)],
    ['unavailable', (message) => new ServiceUnavailableException(message)],
  ])('renders %s as its HTTP exception would', (kind, http) => {
    const body = toErrorBody(new DomainError(kind, 'No such send.'), false);
    expect(JSON.stringify(body)).toBe(JSON.stringify(toErrorBody(http('No such send.'), false)));
  });

  it('keeps its details, as an exception with a body of message and details did', () => {
    const details = { validation: [{ path: 'recipients.0', message: 'Recipient 1: bad' }] };
    expect(JSON.stringify(toErrorBody(invalid('Recipient 1: bad', details), false))).toBe(
      JSON.stringify(toErrorBody(new BadRequestException({ message: 'Recipient 1: bad', details }), false)),
    );
  });
});
