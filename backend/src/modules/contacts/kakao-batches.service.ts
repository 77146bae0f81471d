import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { intArray } from '../../platform/database/sql-arrays.js';
import { END_STATUS } from './domain/contact-fields.js';
import {
  friendRequestTargets,
  KAKAO_MESSAGES,
  type KakaoContact,
  newNameProblem,
  nicknameTargets,
  type Selection,
} from './domain/kakao-batches.js';
import type {
  FriendRequestBatchDto,
  FriendRequestItemDto,
  KakaoContactRefDto,
  KakaoResultDto,
  SaveKakaoListDto,
} from './dto/kakao.dto.js';
import { lockContacts } from './contact-rows.js';
import type { FriendRequestStatus } from './friend-request.entity.js';

interface LockedContact extends KakaoContact {
  addressBookId: number;
  contactName: string;
  /** A friend request of an earlier batch still waits for this contact. */
  requested: boolean;
}

const refId = (ref: KakaoContactRefDto) => ref.id ?? ref.ID;
const refName = (ref: KakaoContactRefDto) => ref.modifyChat ?? ref.Change_Name ?? '';

export const KAKAO_LIST_MESSAGES = {
  oneList: 'Send exactly one of filteredKakaoList, singleContact, changedContacts or kakaoList',
  noId: 'Every contact needs its id',
  oneBook: 'A batch takes contacts of one address book',
  itemNotFound: 'Friend request not found',
  batchNotFound: 'Friend-request batch not found',
  alreadyRequested: 'Friend requests for these contacts are already waiting in a batch.',
} as const;

/** A batch with its counts per item status; the caller adds its where clause and `group by b."id"`. */
const BATCH_SELECT = `select b."id", b."address_book_id" as "addressBookId", b."created_at" as "createdAt",
  count(*) filter (where i."status" = 'pending')::int as "pending", count(*) filter (where i."status" = 'done')::int as "done",
  count(*) filter (where i."status" = 'failed')::int as "failed"
  from "friend_request_batch" b left join "friend_request_item" i on i."batch_id" = b."id"`;

/**
 * The KakaoTalk steps of the address book (spec §4): friend-request batches, whose items a person or a desktop
 * automation works through, and the two nickname batches. The contacts named are the ones staff checked; the
 * rules are applied to them as stored.
 */
@Injectable()
export class KakaoBatchesService {
  constructor(private readonly em: EntityManager) {}

  /** POST save-kakao-list: which list the body carries says which step it is. */
  async saveKakaoList(body: SaveKakaoListDto, userId: number): Promise<KakaoResultDto> {
    const given = (['filteredKakaoList', 'singleContact', 'changedContacts', 'kakaoList'] as const).filter(
      (key) => body[key] !== undefined,
    );
    if (given.length !== 1) throw new BadRequestException(KAKAO_LIST_MESSAGES.oneList);
    const refs = body.singleContact
      ? [body.singleContact]
      : (body.filteredKakaoList ?? body.changedContacts ?? body.kakaoList ?? []);
    if (refs.some((ref) => refId(ref) === undefined)) throw new BadRequestException(KAKAO_LIST_MESSAGES.noId);
    const ids = refs.map((ref) => refId(ref)!);
    if (body.kakaoList) return this.keepExistingNames(ids);
    if (body.changedContacts) return this.useNewNames(refs);
    return this.requestFriends(ids, userId);
  }

  /** Records a friend-request batch of the eligible contacts and marks them requested (end status '1'). */
  async requestFriends(contactIds: readonly number[], userId: number | null): Promise<KakaoResultDto> {
    return this.em.fork().transactional(async (em) => {
      const eligible = this.chosen(friendRequestTargets(await this.lock(em, contactIds)));
      // A request waiting in an earlier batch is not made again (a double click, or two staff at once).
      const targets = eligible.filter((contact) => !contact.requested);
      if (targets.length === 0) throw new BadRequestException(KAKAO_LIST_MESSAGES.alreadyRequested);
      const addressBookId = this.oneBook(targets);
      const [batch] = await em.execute<{ id: number }[]>(
        `insert into "friend_request_batch" ("address_book_id", "created_by_id") values (?, ?) returning "id"`,
        [addressBookId, userId],
      );
      await em.execute(
        `insert into "friend_request_item" ("batch_id", "contact_id", "phone_number", "contact_name")
         select ?, x."id", x."phone", x."name" from jsonb_to_recordset(?::jsonb) as x("id" int, "phone" text, "name" text) order by x."id"`,
        [
          batch.id,
          JSON.stringify(
            targets.map((contact) => ({ id: contact.id, phone: contact.phoneNumber, name: contact.contactName })),
          ),
        ],
      );
      await this.setStatus(em, targets, END_STATUS.friendRequested);
      const skipped = contactIds.length - targets.length;
      return {
        success: true,
        message: `Friend requests saved for ${targets.length} contact(s).${skipped > 0 ? ` ${skipped} contact(s) were not eligible.` : ''}`,
        batchId: batch.id,
        count: targets.length,
      };
    });
  }

  /** Modify Nickname (Use Existing Name): the chat window takes the KakaoTalk chat name; checklist agreement, end status '5'. */
  async keepExistingNames(contactIds: readonly number[]): Promise<KakaoResultDto> {
    return this.em.fork().transactional(async (em) => {
      const targets = this.chosen(nicknameTargets(await this.lock(em, contactIds)));
      await em.execute(
        `update "contact" set "chat_window_name" = "kakao_talk", "modify_chat" = '', "checklist_confirm" = 'agreement',
           "completion_status" = ?, "updated_at" = now() where "id" = any(?::int[])`,
        [END_STATUS.existingName, intArray(targets.map((contact) => contact.id))],
      );
      return {
        success: true,
        message: `Existing chat names kept for ${targets.length} contact(s).`,
        count: targets.length,
      };
    });
  }

  /** Modify Nickname (New): each typed name, given and unlike the KakaoTalk chat name, becomes the changed name; end status '3'. */
  async useNewNames(refs: readonly KakaoContactRefDto[]): Promise<KakaoResultDto> {
    const names = new Map(refs.map((ref) => [refId(ref)!, refName(ref).trim()]));
    return this.em.fork().transactional(async (em) => {
      const targets = this.chosen(nicknameTargets(await this.lock(em, [...names.keys()])));
      const problems = targets
        .map((contact) => ({ contact, problem: newNameProblem(contact.kakaoTalk, names.get(contact.id) ?? '') }))
        .filter(({ problem }) => problem !== null);
      if (problems.length > 0) {
        throw new BadRequestException({
          message: KAKAO_MESSAGES.newNamesSummary,
          details: {
            validation: problems.map(({ contact, problem }) => ({
              path: `changedContacts.${contact.id}.modifyChat`,
              message: problem!,
            })),
          },
        });
      }
      await em.execute(
        `update "contact" c set "modify_chat" = x."name", "completion_status" = ?, "updated_at" = now()
         from jsonb_to_recordset(?::jsonb) as x("id" int, "name" text) where c."id" = x."id"`,
        [
          END_STATUS.newName,
          JSON.stringify(targets.map((contact) => ({ id: contact.id, name: names.get(contact.id) }))),
        ],
      );
      return {
        success: true,
        message: `New chat names saved for ${targets.length} contact(s).`,
        count: targets.length,
      };
    });
  }

  async batches(addressBookId?: number): Promise<FriendRequestBatchDto[]> {
    return this.em.execute<FriendRequestBatchDto[]>(
      `${BATCH_SELECT} ${addressBookId ? 'where b."address_book_id" = ?' : ''} group by b."id" order by b."id" desc limit 200`,
      addressBookId ? [addressBookId] : [],
    );
  }

  async batch(id: number): Promise<FriendRequestBatchDto> {
    const [batch] = await this.em.execute<FriendRequestBatchDto[]>(`${BATCH_SELECT} where b."id" = ? group by b."id"`, [
      id,
    ]);
    if (!batch) throw new NotFoundException(KAKAO_LIST_MESSAGES.batchNotFound);
    batch.items = await this.em.execute<FriendRequestItemDto[]>(
      `select "id", "contact_id" as "contactId", "contact_name" as "contactName", "phone_number" as "phoneNumber", "status", "error"
       from "friend_request_item" where "batch_id" = ? order by "id"`,
      [id],
    );
    return batch;
  }

  /** A person or an automation reports one friend addition: done, failed (with why), or pending again. */
  async updateItem(id: number, status: FriendRequestStatus, error: string | undefined): Promise<FriendRequestItemDto> {
    const [item] = await this.em.execute<FriendRequestItemDto[]>(
      `update "friend_request_item" set "status" = ?, "error" = ?, "updated_at" = now() where "id" = ?
       returning "id", "contact_id" as "contactId", "contact_name" as "contactName", "phone_number" as "phoneNumber", "status", "error"`,
      [status, status === 'failed' ? error?.trim() || null : null, id],
    );
    if (!item) throw new NotFoundException(KAKAO_LIST_MESSAGES.itemNotFound);
    return item;
  }

  /** The named live contacts, locked, as checked: naming them is choosing them. */
  private async lock(em: EntityManager, ids: readonly number[]): Promise<LockedContact[]> {
    const locked = await lockContacts(em, `"id" = any(?::int[])`, [intArray([...new Set(ids)])]);
    // Read after the lock, in a statement of its own: it sees what a request that held the lock before committed.
    const rows = await em.execute<Omit<LockedContact, 'checked'>[]>(
      `select c."id", c."address_book_id" as "addressBookId", c."contact_name" as "contactName", c."phone_number" as "phoneNumber",
         c."checklist_confirm" as "checklistConfirm", c."kakao_talk" as "kakaoTalk",
         exists (select 1 from "friend_request_item" i where i."contact_id" = c."id" and i."status" = 'pending') as "requested"
       from "contact" c where c."id" = any(?::int[]) order by c."id"`,
      [intArray(locked)],
    );
    return rows.map((row) => ({ ...row, checked: true }));
  }

  private chosen<T>(selection: Selection<T>): T[] {
    if (!selection.ok) throw new BadRequestException(selection.message);
    return selection.contacts;
  }

  private oneBook(contacts: readonly LockedContact[]): number {
    const books = new Set(contacts.map((contact) => contact.addressBookId));
    if (books.size !== 1) throw new BadRequestException(KAKAO_LIST_MESSAGES.oneBook);
    return contacts[0].addressBookId;
  }

  private async setStatus(em: EntityManager, contacts: readonly LockedContact[], status: string): Promise<void> {
    await em.execute(`update "contact" set "completion_status" = ?, "updated_at" = now() where "id" = any(?::int[])`, [
      status,
      intArray(contacts.map((c) => c.id)),
    ]);
  }
}
