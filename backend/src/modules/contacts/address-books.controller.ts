import { BadRequestException, Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses } from '../../platform/http/api-error-responses.js';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';
import { AddressBooksService, CONTACT_MESSAGES, isSystemGroup } from './address-books.service.js';
import { ContactsService } from './contacts.service.js';
import { DuplicatesService } from './duplicates.service.js';
import {
  AddressBookContactsDto,
  AddressBookDto,
  AddressBookListDto,
  BulkContactsDto,
  BulkContactsResultDto,
  CreateAddressBookDto,
  CreateGroupDto,
  GroupDto,
  GroupListDto,
} from './dto/address-book.dto.js';
import {
  ContactDto,
  ContactListDto,
  ContactListQueryDto,
  CreateContactDto,
  DuplicateQueryDto,
  DuplicateScanDto,
} from './dto/contact.dto.js';

/** The address books of the Contact list tab (spec §7 Contacts), their groups, and their contacts by group. */
@ApiTags('contacts')
@ApiBearerAuth()
@ApiErrorResponses(401, 403)
@Controller()
export class AddressBooksController {
  constructor(
    private readonly books: AddressBooksService,
    private readonly contacts: ContactsService,
    private readonly duplicates: DuplicatesService,
  ) {}

  @Get('address-book')
  @ApiOkResponse({ type: AddressBookListDto, description: 'Every address book, by name, with its number of contacts' })
  async list(): Promise<AddressBookListDto> {
    return { addressBooks: await this.books.list() };
  }

  @Get('address-book/address-book-name/:name')
  @ApiOkResponse({ type: AddressBookContactsDto, description: "The book's contacts, in id order" })
  @ApiErrorResponses(404)
  async byName(@Param('name') name: string): Promise<AddressBookContactsDto> {
    const book = await this.books.findByName(name);
    return { addressBookByContactList: await this.books.contacts(book.id) };
  }

  @Post('contact-list/bulk')
  @ApiCreatedResponse({
    type: BulkContactsResultDto,
    description: 'The contacts joined the named book (created when new)',
  })
  @ApiErrorResponses(400)
  async bulk(@Body() body: BulkContactsDto): Promise<BulkContactsResultDto> {
    const result = await this.books.addBulk(body.addressBook, body.contacts);
    return { success: true, message: `${result.imported} contact(s) saved to ${body.addressBook}`, ...result };
  }

  @Post('address-books')
  @ApiCreatedResponse({ type: AddressBookDto })
  @ApiErrorResponses(400, { 409: 'Address book already exists' })
  create(@Body() body: CreateAddressBookDto): Promise<AddressBookDto> {
    return this.books.create(body.name);
  }

  @Get('address-books/:id/contacts')
  @ApiOkResponse({
    type: ContactListDto,
    description: "The book's live contacts of a group or a system group, in id order",
  })
  @ApiErrorResponses(400, 404)
  async contactsOf(@Param('id', IdParamPipe) id: number, @Query() query: ContactListQueryDto): Promise<ContactListDto> {
    const data = await this.books.contacts(id, query);
    return { data, total: data.length };
  }

  @Post('address-books/:id/contacts')
  @ApiCreatedResponse({ type: ContactDto })
  @ApiErrorResponses(400, 404)
  createContact(@Param('id', IdParamPipe) id: number, @Body() body: CreateContactDto): Promise<ContactDto> {
    return this.contacts.create(id, body);
  }

  @Get('address-books/:id/groups')
  @ApiOkResponse({ type: GroupListDto, description: 'The system groups, then the groups in the order they were added' })
  @ApiErrorResponses(404)
  groups(@Param('id', IdParamPipe) id: number): Promise<GroupListDto> {
    return this.books.groups(id);
  }

  @Post('address-books/:id/groups')
  @ApiCreatedResponse({ type: GroupDto })
  @ApiErrorResponses(400, 404, { 409: 'Group already exists' })
  createGroup(@Param('id', IdParamPipe) id: number, @Body() body: CreateGroupDto): Promise<GroupDto> {
    return this.books.createGroup(id, body.name);
  }

  @Delete('contact-groups/:id')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiErrorResponses(404, { 409: 'Cannot delete group with N contact(s)', 400: 'System groups cannot be deleted' })
  async deleteGroup(@Param('id') id: string): Promise<void> {
    if (isSystemGroup(id)) throw new BadRequestException(CONTACT_MESSAGES.systemGroup);
    await this.books.deleteGroup(new IdParamPipe().transform(id));
  }

  @Get('address-books/:id/duplicates')
  @ApiOkResponse({ type: ContactListDto, description: 'The contacts whose phone has the digits of the one given' })
  @ApiErrorResponses(400, 404)
  async duplicatesOf(@Param('id', IdParamPipe) id: number, @Query() query: DuplicateQueryDto): Promise<ContactListDto> {
    const data = await this.duplicates.search(id, query.phone);
    return { data, total: data.length };
  }

  @Get('address-books/:id/duplicate-groups')
  @ApiOkResponse({ type: DuplicateScanDto, description: 'Every phone shared by more than one contact of the book' })
  @ApiErrorResponses(404)
  scan(@Param('id', IdParamPipe) id: number): Promise<DuplicateScanDto> {
    return this.duplicates.scan(id);
  }
}
