import { randomUUID } from 'node:crypto';
import { applyDecorators, Controller, Get, HttpStatus, Param, Query, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal, type Principal } from '../../platform/http/auth-decorators.js';
import { ApiErrorResponses } from '../../platform/http/api-error-responses.js';
import {
  SheetImportParamsDto,
  SheetImportQueryDto,
  SheetImportResultDto,
  SheetImportStatusDto,
} from './dto/sheet-import.dto.js';
import type { SheetImportKind } from './sheet-import.job.js';
import { SheetImportsService } from './sheet-imports.service.js';

const LOADED: Record<SheetImportKind, string> = {
  posts: 'Posts loaded successfully from the sheet',
  models: 'Models loaded successfully from the sheet',
};

/** The answers of both load routes. */
const SheetLoadResponses = () =>
  applyDecorators(
    ApiOkResponse({
      type: SheetImportResultDto,
      description: 'Imported: what was created, updated, unchanged and rejected',
    }),
    ApiAcceptedResponse({
      type: SheetImportResultDto,
      description: 'Still importing; follow GET sheet-imports/{importId}',
    }),
    ApiErrorResponses({
      400: 'No such sheet, not a spreadsheet, or a sheet without the needed columns',
      404: 'Unknown account, or a file the account cannot open',
      409: 'The account must be re-authenticated',
      429: "Google's rate or daily limit",
    }),
  );

const STILL_RUNNING = 'The sheet is large and is still being imported; its progress is shown until it finishes.';

/** Loading posts and model cards from a Google Sheet (spec §7), run on the worker; and their progress. */
@ApiTags('sheet-imports')
@ApiBearerAuth()
@ApiErrorResponses(401, 403)
@Controller()
export class SheetImportsController {
  constructor(private readonly imports: SheetImportsService) {}

  @Get('posts/:fileId/:sheetName/:accountId')
  @SheetLoadResponses()
  loadPosts(
    @CurrentPrincipal() principal: Principal,
    @Param() params: SheetImportParamsDto,
    @Query() query: SheetImportQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SheetImportResultDto> {
    return this.load('posts', principal, params, query, reply);
  }

  @Get('sheets/:fileId/:sheetName/:accountId')
  @SheetLoadResponses()
  loadModels(
    @CurrentPrincipal() principal: Principal,
    @Param() params: SheetImportParamsDto,
    @Query() query: SheetImportQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SheetImportResultDto> {
    return this.load('models', principal, params, query, reply);
  }

  @Get('sheet-imports/:importId')
  @ApiOkResponse({
    type: SheetImportStatusDto,
    description: 'Where an import stands; its report or error once it has finished',
  })
  @ApiErrorResponses({ 404: 'Not (yet) queued, finished more than a day ago, or another user’s' })
  progress(
    @CurrentPrincipal() principal: Principal,
    @Param('importId') importId: string,
  ): Promise<SheetImportStatusDto> {
    return this.imports.status(importId, principal.userId);
  }

  private async load(
    kind: SheetImportKind,
    principal: Principal,
    { fileId, sheetName, accountId }: SheetImportParamsDto,
    query: SheetImportQueryDto,
    reply: FastifyReply,
  ): Promise<SheetImportResultDto> {
    const importId = query.importId ?? randomUUID();
    const answer = await this.imports.importSheet(importId, {
      kind,
      fileId,
      sheetName,
      accountId,
      requestedBy: principal.userId,
    });
    if ('running' in answer) {
      reply.status(HttpStatus.ACCEPTED);
      return { success: true, message: STILL_RUNNING, importId, report: null };
    }
    return { success: true, message: LOADED[kind], importId, report: answer.report };
  }
}
