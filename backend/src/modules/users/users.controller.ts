import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, type Principal, Roles } from '../../platform/http/auth-decorators.js';
import { ApiErrorResponses } from '../../platform/http/api-error-responses.js';
import { PageQueryDto } from '../../platform/http/pagination.js';
import { CreateUserDto, UpdateUserDto, UserDto, UserListDto } from './dto/user.dto.js';
import { UsersService } from './users.service.js';

@ApiTags('users')
@ApiBearerAuth()
@ApiErrorResponses(403)
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @Roles('superadmin')
  @ApiOkResponse({ type: UserListDto })
  list(@Query() query: PageQueryDto): Promise<UserListDto> {
    return this.users.list(query.page, query.pageSize);
  }

  @Get(':id')
  @ApiOkResponse({ type: UserDto })
  get(@CurrentPrincipal() principal: Principal, @Param('id', IdParamPipe) id: number): Promise<UserDto> {
    return this.users.get(principal, id);
  }

  @Post()
  @Roles('superadmin')
  @ApiCreatedResponse({ type: UserDto })
  @ApiErrorResponses(409)
  create(@Body() body: CreateUserDto): Promise<UserDto> {
    return this.users.create(body);
  }

  @Put(':id')
  @ApiOkResponse({ type: UserDto })
  @ApiErrorResponses(409)
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('id', IdParamPipe) id: number,
    @Body() body: UpdateUserDto,
  ): Promise<UserDto> {
    return this.users.update(principal, id, body);
  }

  @Delete(':id')
  @Roles('superadmin')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiErrorResponses(409)
  async remove(@CurrentPrincipal() principal: Principal, @Param('id', IdParamPipe) id: number): Promise<void> {
    await this.users.remove(principal, id);
  }
}
