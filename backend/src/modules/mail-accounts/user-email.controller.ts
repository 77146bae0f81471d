import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { MailAccountDto } from './dto/mail-account.dto.js';
import { MailAccountsService } from './mail-accounts.service.js';

/** The sender accounts (spec §7: GET user-email), for the account switcher. */
@ApiTags('mail accounts')
@ApiBearerAuth()
@Controller('user-email')
export class UserEmailController {
  constructor(private readonly accounts: MailAccountsService) {}

  @Get()
  @ApiOkResponse({ type: [MailAccountDto] })
  list(): Promise<MailAccountDto[]> {
    return this.accounts.list();
  }
}
