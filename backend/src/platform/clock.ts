import { Global, Injectable, Module } from '@nestjs/common';

/** The current time, as one injectable: rules that depend on the hour can be tested at any hour. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

/** One clock per process, for every module: a test that sets the time sets it for all of them. */
@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
