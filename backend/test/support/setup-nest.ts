// Bull Board is CommonJS and require()s Nest; loading Nest's ESM entry points first keeps one copy in the registry.
import '@nestjs/common';
import '@nestjs/core';
import 'reflect-metadata';
