import { Migration } from '@mikro-orm/migrations';

/** The texts a search reads row by row, and the sanitised bodies a page shows. */
const IN_ROW_COLUMNS = ['post_title', 'title_of_the_work', 'body', 'eng', 'body_safe_html', 'eng_safe_html'];

/**
 * A post's searched texts stay in its row.
 *
 * A row wider than about 2 kB has its widest values moved to the table's TOAST store, and with the default storage
 * that was the Korean body (about half a kilobyte in a 2.8 kB row): every post a search walked past cost a TOAST
 * index lookup and a page more for its body, two thirds of the walk of a short word's page. Storage `main` keeps a
 * value in the row unless the row could not fit a page without it, so the gram arrays, which searches read only
 * through their indexes, move out instead. The posts already stored are rewritten (CLUSTER, in the list's order,
 * which a walk then reads page by page; it holds the table and rebuilds its indexes, see docs/operations.md), since a
 * change of storage alone applies to rows written after it; ANALYZE then records their new order.
 */
export class Migration20261219000000_post_searched_texts_in_row extends Migration {
  override up(): void {
    this.addSql(
      `alter table "post" ${IN_ROW_COLUMNS.map((column) => `alter column "${column}" set storage main`).join(', ')};`,
    );
    this.addSql(`cluster "post" using "post_list_order_index";`);
    this.addSql(`analyze "post";`);
  }

  override down(): void {
    this.addSql(
      `alter table "post" ${IN_ROW_COLUMNS.map((column) => `alter column "${column}" set storage extended`).join(', ')};`,
    );
    this.addSql(`alter table "post" set without cluster;`);
  }
}
