import { MAX_CAMPAIGN_POSTS, MAX_FOLLOW_UP_DAYS, MAX_FOLLOW_UPS } from '@job-casting/rules';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsDateString,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { Optional } from '../../../platform/http/optional.js';
import { PageQueryDto, PaginationDto } from '../../../platform/http/pagination.js';
import { PostIdField, SenderAccountField, TemplateIdField } from '../../email-templates/dto/email-template.dto.js';
import { CAMPAIGN_STATES, OVER_QUOTA_CHOICES, PAUSE_CAUSES, RECIPIENT_STATES } from '../domain/campaign-states.js';

/** The posts, template and account of a campaign: what the review and the campaign are made from. */
export class ReviewEmailCampaignDto {
  @ApiProperty({
    type: [String],
    minItems: 1,
    maxItems: MAX_CAMPAIGN_POSTS,
    description: "The posts' postIds, each once: one e-mail to each post's customer",
  })
  @IsArray({ message: 'Please select the posts to e-mail' })
  @ArrayMinSize(1, { message: 'Please select the posts to e-mail' })
  @ArrayMaxSize(MAX_CAMPAIGN_POSTS, { message: `A campaign can e-mail at most ${MAX_CAMPAIGN_POSTS} posts` })
  @ArrayUnique({ message: 'Each post can be selected only once' })
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @MaxLength(100, { each: true })
  postIds!: string[];

  @TemplateIdField()
  templateId!: number;

  @SenderAccountField()
  accountId!: number;
}

/** One post's e-mail of a campaign in its review. */
export class CampaignReviewRecipientDto {
  @ApiProperty() postId!: string;
  @ApiProperty({ type: String, nullable: true }) postTitle!: string | null;
  @ApiProperty({ description: "The post's customer address, as a single send fills it in" }) recipient!: string;
  @ApiProperty({ description: 'The subject with its placeholders filled' }) subject!: string;
  @ApiProperty({ description: "How many models the e-mail presents (the staff member's selection for the post)" })
  modelCount!: number;
}

export class LeftOutPostDto {
  @ApiProperty() postId!: string;
  @ApiProperty({ type: String, nullable: true }) postTitle!: string | null;
  @ApiProperty({
    description:
      'Why the post gets no e-mail: no selected models, no e-mail address, an opted-out address, or no such post',
  })
  reason!: string;
}

export class CampaignQuotaDto {
  @ApiProperty() dailyLimit!: number;
  @ApiProperty({ description: 'E-mails the account sent in the last 24 hours' }) sentLast24h!: number;
  @ApiProperty() remainingToday!: number;
}

export class SpreadDayDto {
  @ApiProperty({ example: '2026-12-01', description: 'A Korean calendar day' }) day!: string;
  @ApiProperty() count!: number;
}

/** POST email-campaigns/review: the campaign as it would go, nothing recorded or sent. */
export class EmailCampaignReviewDto {
  @ApiProperty({ type: [CampaignReviewRecipientDto] }) recipients!: CampaignReviewRecipientDto[];
  @ApiProperty({ type: [LeftOutPostDto] }) leftOut!: LeftOutPostDto[];
  @ApiProperty({ type: CampaignQuotaDto }) quota!: CampaignQuotaDto;
  @ApiProperty({
    description: 'More recipients than the account has left today: spread over the following days, or refused',
  })
  exceedsToday!: boolean;
  @ApiProperty({
    type: [SpreadDayDto],
    description: 'How many e-mails would go on each day if sent now, as the rolling 24 hours free',
  })
  spread!: SpreadDayDto[];
}

/** POST email-campaigns/review/preview: one recipient's e-mail. */
export class PreviewCampaignEmailDto {
  @PostIdField() postId!: string;

  @TemplateIdField()
  templateId!: number;

  @SenderAccountField()
  accountId!: number;
}

export class CampaignPreviewDto {
  @ApiProperty() postId!: string;
  @ApiProperty({ description: "The post's customer address" }) recipient!: string;
  @ApiProperty({ description: 'The subject with its placeholders filled' }) subject!: string;
  @ApiProperty({ description: 'Sanitised HTML of the e-mail body, as it is sent' }) html!: string;
  @ApiProperty({ description: 'The plain-text part' }) text!: string;
}

const FOLLOW_UPS_LIST = 'followUps must be a list of follow-up steps';
const FOLLOW_UP_DAYS = `A follow-up waits a whole number of days, from 1 to ${MAX_FOLLOW_UP_DAYS}`;

/** A follow-up step: after so many days, if the customer has not replied, this template's text in the same thread. */
export class FollowUpStepDto {
  @ApiProperty({
    minimum: 1,
    maximum: MAX_FOLLOW_UP_DAYS,
    description: 'Days after the e-mail before it (the first e-mail, or the first follow-up)',
  })
  @IsInt({ message: FOLLOW_UP_DAYS })
  @Min(1, { message: FOLLOW_UP_DAYS })
  @Max(MAX_FOLLOW_UP_DAYS, { message: FOLLOW_UP_DAYS })
  afterDays!: number;

  @TemplateIdField()
  templateId!: number;
}

export class CreateEmailCampaignDto extends ReviewEmailCampaignDto {
  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    description: 'Start at this time (at most 30 days ahead); now when absent',
  })
  @Optional()
  @IsDateString({}, { message: 'scheduledAt must be a date-time' })
  // With its offset: a time without one would be read in the server's zone, not the staff member's.
  @Matches(/(Z|[+-]\d{2}:?\d{2})$/, { message: 'scheduledAt must be a date-time with its offset (Z or +09:00)' })
  scheduledAt?: string;

  @ApiProperty({
    enum: OVER_QUOTA_CHOICES,
    description:
      'More recipients than the account has left today: spread them over the following days, or refuse the campaign',
  })
  @IsIn([...OVER_QUOTA_CHOICES], { message: "overQuota must be 'spread' or 'refuse'" })
  overQuota!: (typeof OVER_QUOTA_CHOICES)[number];

  @ApiPropertyOptional({
    type: [FollowUpStepDto],
    maxItems: MAX_FOLLOW_UPS,
    description:
      "Up to two follow-ups, in order. Each goes in the first e-mail's Gmail thread (its subject as a reply), unless the customer replied or the address bounced; the account must be able to read replies",
  })
  @Optional()
  @IsArray({ message: FOLLOW_UPS_LIST })
  @ArrayMaxSize(MAX_FOLLOW_UPS, { message: `A campaign can have at most ${MAX_FOLLOW_UPS} follow-ups` })
  @ValidateNested({ each: true, message: FOLLOW_UPS_LIST })
  @Type(() => FollowUpStepDto)
  followUps?: FollowUpStepDto[];
}

export class RecipientCountsDto {
  @ApiProperty() pending!: number;
  @ApiProperty() sending!: number;
  @ApiProperty() sent!: number;
  @ApiProperty() failed!: number;
  @ApiProperty() unknown!: number;
  @ApiProperty() skipped!: number;
  @ApiProperty({ description: 'Follow-ups not sent because the customer replied or the address bounced' })
  stopped!: number;
}

export class CampaignFollowUpDto {
  @ApiProperty({ description: '1 or 2' }) step!: number;
  @ApiProperty() afterDays!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Null once the template is deleted (the campaign keeps its text)',
  })
  templateId!: number | null;
  @ApiProperty() templateTitle!: string;
}

export class EmailCampaignDto {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: CAMPAIGN_STATES }) state!: string;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Null once the template is deleted (the campaign keeps its text)',
  })
  templateId!: number | null;
  @ApiProperty() templateTitle!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Null once the account is removed' }) accountId!:
    number | null;
  @ApiProperty({ type: String, nullable: true }) accountEmail!: string | null;
  @ApiProperty({ enum: OVER_QUOTA_CHOICES }) overQuota!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) scheduledAt!: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      "Until when Gmail's rate limit pauses the campaign (it resumes by itself), or when the account's daily limit frees for its next e-mail",
  })
  pausedUntil!: string | null;
  @ApiProperty({
    enum: PAUSE_CAUSES,
    nullable: true,
    description:
      "Who paused it: staff; Gmail's rate limit (it resumes by itself at pausedUntil); the account's sign-in (re-authenticate, then resume). Null while running, also when it waits for the daily limit",
  })
  pauseCause!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why it is paused or waiting' }) pauseReason!:
    string | null;
  @ApiProperty({ description: 'Its first e-mails: one per recipient' }) total!: number;
  @ApiProperty({ type: RecipientCountsDto, description: 'The first e-mails by state' }) counts!: RecipientCountsDto;
  @ApiProperty({ type: [CampaignFollowUpDto] }) followUps!: CampaignFollowUpDto[];
  @ApiProperty({
    type: RecipientCountsDto,
    description: 'The follow-ups made so far (one when the e-mail before it was sent) by state',
  })
  followUpCounts!: RecipientCountsDto;
  @ApiProperty({ type: [LeftOutPostDto], description: 'The selected posts left out when the campaign was made' })
  leftOut!: LeftOutPostDto[];
  @ApiProperty({ type: String, nullable: true }) createdBy!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) startedAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finishedAt!: string | null;
}

export const EMAIL_OUTCOMES = ['replied', 'bounced'] as const;

export class CampaignRecipientDto {
  @ApiProperty() id!: number;
  @ApiProperty({ description: "0: the campaign's e-mail; 1 or 2: a follow-up of it" }) step!: number;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'A follow-up goes no earlier than this',
  })
  dueAt!: string | null;
  @ApiProperty() postId!: string;
  @ApiProperty({ type: String, nullable: true }) postTitle!: string | null;
  @ApiProperty() recipient!: string;
  @ApiProperty() subject!: string;
  @ApiProperty({ enum: RECIPIENT_STATES }) state!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Why it failed, is unknown or was skipped' }) error!:
    string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) sentAt!: string | null;
  @ApiProperty({
    enum: EMAIL_OUTCOMES,
    nullable: true,
    description: 'What came back of the sent e-mail: a reply of the customer, or a bounce',
  })
  outcome!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why it bounced, in plain words' }) bounceReason!:
    string | null;
}

export class EmailCampaignDetailDto extends EmailCampaignDto {
  @ApiProperty({
    type: [CampaignRecipientDto],
    description: 'Every recipient in the order the posts were selected, each followed by its follow-ups',
  })
  recipients!: CampaignRecipientDto[];
}

export class EmailCampaignListDto {
  @ApiProperty({ type: [EmailCampaignDto] }) data!: EmailCampaignDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

export class EmailCampaignQueryDto extends PageQueryDto {}
