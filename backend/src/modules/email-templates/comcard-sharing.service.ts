import { Injectable } from '@nestjs/common';
import type { Principal } from '../../platform/http/auth-decorators.js';
import { MailAccountsService } from '../mail-accounts/mail-accounts.service.js';
import { driveFileId } from '../../platform/domain/drive-thumbnail.js';
import type { ModelDto } from '../models/dto/model.dto.js';
import { ModelsService } from '../models/models.service.js';
import { PostsService } from '../posts/posts.service.js';
import type { ComcardSharingDto } from './dto/email-template.dto.js';

/** The links of a selected model that an e-mail hands to the customer: profile, download, photos. */
const CUSTOMER_LINKS = [
  'htmlUrl',
  'download',
  'comcardPhotoURL',
  'image',
] as const satisfies readonly (keyof ModelDto)[];

/**
 * Which Drive files of a post's selected models a customer could not open from the e-mail (spec §8's "Access
 * denied" download): those not shared with anyone who has the link, as the sending account sees them.
 */
@Injectable()
export class ComcardSharingService {
  constructor(
    private readonly posts: PostsService,
    private readonly models: ModelsService,
    private readonly mailAccounts: MailAccountsService,
  ) {}

  async check(principal: Principal, postId: string, accountId: number): Promise<ComcardSharingDto> {
    const post = await this.posts.forEmail(postId);
    const links = (await this.models.selectionOf(principal.userId, post.id)).flatMap((model) =>
      CUSTOMER_LINKS.flatMap((field) =>
        model[field] ? [{ model: model.nameKor || model.nameEng || model.comcardNo, field, link: model[field]! }] : [],
      ),
    );
    const unshared = new Map(
      (
        await this.mailAccounts.unsharedDriveFiles(
          accountId,
          links.map(({ link }) => link),
        )
      ).map((file) => [file.fileId, file.sharing]),
    );
    return {
      unshared: links.flatMap(({ model, field, link }) => {
        const sharing = unshared.get(driveFileId(link) ?? '');
        return sharing ? [{ model, field, link, sharing }] : [];
      }),
    };
  }
}
