import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { MAX_INT } from './validation.pipe.js';

/** A numeric id in the path: a positive integer that fits the database's integer column. */
export class IdParamPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(id) || id < 1 || id > MAX_INT) {
      throw new BadRequestException({
        message: 'id must be a positive integer',
        details: { validation: [{ path: 'id', message: 'id must be a positive integer' }] },
      });
    }
    return id;
  }
}
