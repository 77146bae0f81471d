import { ApiProperty } from '@nestjs/swagger';
import { PaginationDto } from '../../../platform/http/pagination.js';

const text = (description?: string) => ApiProperty({ type: String, nullable: true, description });

/** The sheet's data of a post (spec §3 Post.data). Empty cells are null. */
export class PostDataDto {
  @text() postTitle!: string | null;
  @text() titleOfTheWork!: string | null;
  @text('Producer') produce!: string | null;
  @text('남자, 여자 or 남녀 (stored trimmed)') recruitmentGender!: string | null;
  @text() numberOfRecruits!: string | null;
  @text() roleInThePlay!: string | null;
  @text() appearanceFee!: string | null;
  @text() filmingPeriod!: string | null;
  @text('As typed in the sheet') recruitmentDeadline!: string | null;
  @text('ISO date-time of the post date (a Korean day), or the text as typed when it could not be read as a date')
  postDate!: string | null;
  @text() manager!: string | null;
  @text() phoneCall!: string | null;
  @text() customerEmail!: string | null;
  @text() email!: string | null;
  @text('Korean description, sanitised HTML') body!: string | null;
  @text('English description, sanitised HTML') eng!: string | null;
  @text() postUrl!: string | null;
}

/** What came back to an e-mail sent for a post: the customer's reply, or a bounce. */
export class EmailOutcomeDto {
  @ApiProperty({ enum: ['replied', 'bounced'] }) kind!: 'replied' | 'bounced';
  @ApiProperty({ description: 'When the reply or the bounce arrived (ISO date-time)' }) at!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "A bounce's reason in plain words (the status, then the receiving server's answer); null for a reply",
  })
  reason!: string | null;
}

/** A casting post (spec §3 Post). */
export class PostDto {
  @ApiProperty({ description: "The sheet's post id, or url- + 16 hex digits derived from the post URL" })
  postId!: string;
  @ApiProperty() isFavorite!: boolean;
  @ApiProperty({ type: String, nullable: true }) memo!: string | null;
  @ApiProperty({ description: 'An e-mail has been sent for this post' }) isEmailSent!: boolean;
  @ApiProperty({
    type: EmailOutcomeDto,
    nullable: true,
    description: "The reply or bounce of the post's last e-mail sent; null when none came (yet)",
  })
  lastEmailOutcome!: EmailOutcomeDto | null;
  @ApiProperty({ type: PostDataDto }) data!: PostDataDto;
}

export class PostPageDto {
  @ApiProperty({ type: [PostDto] }) data!: PostDto[];
}

/** Every post list (spec §7: "posts.data array and pagination"). */
export class PostListDto {
  @ApiProperty({ type: PostPageDto }) posts!: PostPageDto;
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}
