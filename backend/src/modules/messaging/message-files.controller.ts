import {
  BadRequestException,
  Controller,
  Get,
  Param,
  ParseUUIDPipe,
  Post,
  Req,
  Res,
  StreamableFile,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentPrincipal, type Principal } from '../../platform/http/auth-decorators.js';
import { ApiErrorResponses } from '../../platform/http/api-error-responses.js';
import { unsafeTextIssue } from '../../platform/http/request-input-guard.js';
import { ATTACHMENT_MESSAGES, MAX_FILE_BYTES, MAX_FILES_PER_MESSAGE } from './domain/attachments.js';
import { MessageFileListDto } from './dto/message-file.dto.js';
import { MessageFilesService, type UploadedPicture } from './message-files.service.js';

/** Pictures for message templates and sends. */
@ApiTags('messaging')
@ApiBearerAuth()
@ApiErrorResponses(401, 403)
@Controller('message-files')
export class MessageFilesController {
  constructor(private readonly files: MessageFilesService) {}

  @Post()
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    description: 'The pictures (JPEG, PNG or GIF); a file name like "folder/photo.jpg" keeps the folder (bundle mode)',
    schema: { type: 'object', properties: { files: { type: 'array', items: { type: 'string', format: 'binary' } } } },
  })
  @ApiCreatedResponse({ type: MessageFileListDto })
  @ApiErrorResponses({ 400: 'Not a picture, too large, or too many' })
  async upload(@CurrentPrincipal() principal: Principal, @Req() request: FastifyRequest): Promise<MessageFileListDto> {
    if (!request.isMultipart()) throw new BadRequestException('Please upload the pictures as multipart/form-data.');
    const pictures: UploadedPicture[] = [];
    for await (const part of request.files()) {
      // The guard of every request reads no multipart: the file names are checked here.
      const issue = unsafeTextIssue(part.filename, 'files');
      if (issue) throw new BadRequestException({ message: issue.message, details: { validation: [issue] } });
      const path = part.filename.replaceAll('\\', '/').split('/').filter(Boolean);
      const name = path.pop() ?? 'picture';
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch {
        throw new BadRequestException(ATTACHMENT_MESSAGES.tooLarge(name));
      }
      if (bytes.length > MAX_FILE_BYTES) throw new BadRequestException(ATTACHMENT_MESSAGES.tooLarge(name));
      pictures.push({ name, folder: path.at(-1) ?? '', bytes });
      if (pictures.length > MAX_FILES_PER_MESSAGE)
        throw new BadRequestException(`At most ${MAX_FILES_PER_MESSAGE} pictures can be uploaded at once.`);
    }
    if (pictures.length === 0) throw new BadRequestException('Please choose the pictures to upload.');
    return { files: await this.files.upload(principal.userId, pictures) };
  }

  @Get(':id')
  @ApiProduces('image/jpeg', 'image/png', 'image/gif')
  @ApiOkResponse({ description: 'The picture', schema: { type: 'string', format: 'binary' } })
  @ApiErrorResponses(404)
  async read(
    @Param('id', ParseUUIDPipe) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const { file, bytes } = await this.files.read(id);
    void reply.header('content-type', file.mimeType).header('cache-control', 'private, max-age=86400');
    return new StreamableFile(bytes);
  }
}
