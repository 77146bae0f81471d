import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal, type Principal } from '../../platform/http/auth-decorators.js';
import { ApiErrorResponses } from '../../platform/http/api-error-responses.js';
import { ContactImportsService } from './contact-imports.service.js';
import {
  AddressBookNameDto,
  ContactImportDto,
  ContactImportMatchesDto,
  ContactImportPreviewDto,
  ContactImportQueryDto,
  StartContactImportDto,
} from './dto/contact-import.dto.js';

/** Address books imported from CSV files (spec §5 Contacts): upload and preview, then the import on the worker. */
@ApiTags('contacts')
@ApiBearerAuth()
@ApiErrorResponses(401, 403)
@Controller('contact-imports')
export class ContactImportsController {
  constructor(private readonly imports: ContactImportsService) {}

  @Post()
  @ApiConsumes('text/csv')
  @ApiBody({
    description: 'The file as saved (UTF-8, UTF-8 with BOM, UTF-16LE or CP949)',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiCreatedResponse({ type: ContactImportPreviewDto, description: 'What the file holds; nothing is imported yet' })
  @ApiErrorResponses({ 400: 'Not a .csv file, an empty file, or a file without a Name or Phone Number column' })
  upload(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ContactImportQueryDto,
    @Body() content: unknown,
  ): Promise<ContactImportPreviewDto> {
    return this.imports.upload(principal.userId, query.fileName, Buffer.isBuffer(content) ? content : Buffer.alloc(0));
  }

  @Post(':id/start')
  @HttpCode(202)
  @ApiAcceptedResponse({
    type: ContactImportDto,
    description: 'Queued on the worker; follow it with GET contact-imports/{id}',
  })
  @ApiErrorResponses(400, 404, { 409: 'Already started' })
  start(
    @CurrentPrincipal() principal: Principal,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: StartContactImportDto,
  ): Promise<ContactImportDto> {
    return this.imports.start(id, principal.userId, body.addressBook, body.mode);
  }

  @Get(':id/matches')
  @ApiOkResponse({
    type: ContactImportMatchesDto,
    description: "The file's rows against the book named: new ones and those matching its contacts by phone digits",
  })
  @ApiErrorResponses(400, 404, { 409: 'Already started' })
  matches(
    @CurrentPrincipal() principal: Principal,
    @Param('id', ParseUUIDPipe) id: string,
    @Query() query: AddressBookNameDto,
  ): Promise<ContactImportMatchesDto> {
    return this.imports.matches(id, principal.userId, query.addressBook);
  }

  @Get(':id')
  @ApiOkResponse({ type: ContactImportDto })
  @ApiErrorResponses(404)
  status(@CurrentPrincipal() principal: Principal, @Param('id', ParseUUIDPipe) id: string): Promise<ContactImportDto> {
    return this.imports.status(id, principal.userId);
  }
}
