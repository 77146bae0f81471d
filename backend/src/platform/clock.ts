import { Injectable } from '@nestjs/common';

/** The current time, as one injectable: rules that depend on the hour can be tested at any hour. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
