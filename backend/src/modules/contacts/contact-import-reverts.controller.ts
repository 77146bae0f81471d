import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentPrincipal, type Principal } from '../../platform/http/auth-decorators.js';
import { ErrorResponseDto } from '../../platform/http/error-response.dto.js';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';
import { ContactImportRevertsService } from './contact-import-reverts.service.js';
import { BookImportListDto, ContactImportRevertReportDto } from './dto/contact-import.dto.js';

/** A book's recent CSV imports, each of which can be reverted, and the revert undone. */
@ApiTags('contacts')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto })
@ApiForbiddenResponse({ type: ErrorResponseDto })
@ApiBadRequestResponse({ type: ErrorResponseDto })
@ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such book, or no such import of it' })
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
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Still running, or already reverted' })
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
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Not reverted' })
  restore(
    @Param('addressBookId', IdParamPipe) addressBookId: number,
    @Param('importId', ParseUUIDPipe) importId: string,
  ): Promise<ContactImportRevertReportDto> {
    return this.reverts.restore(addressBookId, importId);
  }
}
