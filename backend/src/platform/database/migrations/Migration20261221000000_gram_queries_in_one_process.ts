import { Migration } from '@mikro-orm/migrations';

/**
 * A search's gram indexes are read in one process.
 *
 * With a filter beside a short Hangul keyword, its count, and its page when at most 2,000 posts match, read the gram
 * indexes; for a word in some 2,500 posts or more the planner read them with a parallel worker, whose start costs
 * more than it saves on two cores busy with other callers. On 100,000 posts with the filter 여자: the page of a word
 * in 2,500 posts 17.4 ms against 11.5 in one process, the counts of 여름, 배우 and 서울 20.6, 31.1 and 57.4 ms
 * against 15.4, 24.1 and 45.2. `indexed_grams`, the gram indexes' expression, is now parallel unsafe, which keeps
 * every statement that reads them in one process (as `may_hold_hangul_gram` keeps the list order's walk, migration
 * 20261220, and with it the one statement of a keyword alone).
 */
export class Migration20261221000000_gram_queries_in_one_process extends Migration {
  override up(): void {
    this.addSql(`alter function "indexed_grams"(text[]) parallel unsafe;`);
  }

  override down(): void {
    this.addSql(`alter function "indexed_grams"(text[]) parallel safe;`);
  }
}
