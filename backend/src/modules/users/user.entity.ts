import { defineEntity, p } from '@mikro-orm/core';
import { ROLES } from './domain/roles.js';

export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(100),
    username: p.string().length(50).unique(),
    email: p.string().length(254).unique(),
    passwordHash: p.string().length(255).hidden(),
    role: p.enum([...ROLES]).default('admin'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class User extends UserSchema.class {}
UserSchema.setClass(User);
