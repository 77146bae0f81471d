import { defineEntity, p } from '@mikro-orm/core';
import { Post } from '../posts/post.entity.js';
import { User } from '../users/user.entity.js';
import { TalentModel } from './model.entity.js';

/**
 * A model a staff member selected for a post (spec §4 "selected models are kept per post id"): kept on the server,
 * so a selection survives reloads, follows its owner to another browser and reaches the Simple send.
 */
export const ModelSelectionSchema = defineEntity({
  name: 'ModelSelection',
  tableName: 'model_selection',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    post: () => p.manyToOne(Post).primary().deleteRule('cascade'),
    model: () => p.manyToOne(TalentModel).primary().deleteRule('cascade').index(),
    /** The order staff selected the models in: the order the e-mail lists them. */
    position: p.integer(),
  },
});

export class ModelSelection extends ModelSelectionSchema.class {}
ModelSelectionSchema.setClass(ModelSelection);
