import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, type Principal } from '../../platform/http/auth-decorators.js';
import { ApiErrorResponses } from '../../platform/http/api-error-responses.js';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';
import { ContactImportRevertsService } from './contact-import-reverts.service.js';
import { BookImportListDto, ContactImportRevertReportDto } from './dto/contact-import.dto.js';

/** A book's recent CSV imports, each of which can be reverted, and the revert undone. */
@ApiTags('contacts')
@ApiBearerAuth()
@ApiErrorResponses(400, 401, 403, { 404: 'No such book, or no such import of it' })
@Controller('address-books/:addressBookId/imports')
export class ContactImportRevertsController {
  constructor(private readonly reverts: ContactImportRevertsService) {}

  @Get()
  @ApiOkResponse({
    type: BookImportListDto,
    description: 'The 20 latest imports of the book, with what reverting each would undo',
  })
  async list(@Param('addressBookId', IdParamPipe) addressBookId: number): Promise<BookImportListDto> {
    return { imports: await this.reverts.list(addressBookId) };
  }

  @Post(':importId/revert')
  @HttpCode(200)
  @ApiOkResponse({
    type: ContactImportRevertReportDto,
    description:
      'The contacts it added are removed (kept, restorable) and those it updated get their values from before it; fields changed since are kept and named',
  })
  @ApiErrorResponses({ 409: 'Still running, or already reverted' })
  revert(
    @CurrentPrincipal() principal: Principal,
    @Param('addressBookId', IdParamPipe) addressBookId: number,
    @Param('importId', ParseUUIDPipe) importId: string,
  ): Promise<ContactImportRevertReportDto> {
    return this.reverts.revert(addressBookId, importId, principal.userId);
  }

  @Post(':importId/restore')
  @HttpCode(200)
  @ApiOkResponse({
    type: ContactImportRevertReportDto,
    description: "Undoes the revert: the removed contacts come back, the restored fields get the import's values again",
  })
  @ApiErrorResponses({ 409: 'Not reverted' })
  restore(
    @Param('addressBookId', IdParamPipe) addressBookId: number,
    @Param('importId', ParseUUIDPipe) importId: string,
  ): Promise<ContactImportRevertReportDto> {
    return this.reverts.restore(addressBookId, importId);
  }
}
