import { Migration } from '@mikro-orm/migrations';

/** Bits of signature for each gram, two of them set: about 3 % of the posts without a gram then pass for one. */
const BITS_PER_GRAM = 10;
/** A signature's bounds in bytes: the widest keeps the index entry (both signatures) under B-tree's 2.7 kB. */
const MIN_BYTES = 8;
const MAX_BYTES = 1_200;

/** A gram's hash with a salt, in SQL: the gram as a number (a syllable, or a pair after the 11,172 syllables). */
const gramHash = (gram: string, salt: string) =>
  `hashint8extended((case when length(${gram}) = 1 then ascii(${gram}) - 44032
    else 11172 + (ascii(${gram}) - 44032) * 11172 + (ascii(substr(${gram}, 2, 1)) - 44032) end)::bigint * 2147483648
    + ${salt}, 0)`;
/** Bit `which` (0 or 1) of a signature of `bits` bits that a gram's hash sets: 16 bits of the hash each. */
const bitOf = (hash: string, which: string, bits: string) =>
  `((((${hash}) >> (16 * ${which})) & 65535) % ${bits})::int`;

/**
 * Each post's Hangul grams as two small signatures (Bloom filters), of its titles and of its bodies, kept in the
 * list-order index beside the order.
 *
 * A one- or two-syllable keyword in many posts reads its page by walking the list order and searching each post's
 * texts; one in a few per cent of the posts walks about 1,500 posts for a page of 50, each on its own page of the
 * table (4-10 ms on 100,000 posts with every page in memory, more when pages must be read). The walk now reads the
 * signatures in the index, which rule out all but about 3 % of the posts without the keyword (6 % when both
 * signatures are searched), and visits only the rest's rows (2-4 ms).
 *
 * A gram sets two bits of its post's signature, chosen by a hash of the gram and the post's id: with one hash for
 * every post, a gram whose bits a common gram (다, 니다) shares would pass in most posts. A signature has ten bits a
 * gram; the posts' signatures are generated columns, so every writer keeps them. `may_hold_hangul_gram` is parallel
 * unsafe, which keeps a statement that uses it in one process: the planner otherwise starts workers for the walk
 * (about 40 ms) to save a millisecond.
 */
export class Migration20261220000000_post_gram_signatures extends Migration {
  override up(): void {
    // hashint8extended is PostgreSQL's integer hash, which hash partitions keep stable.
    this.addSql(`create function "hangul_gram_bit"("gram" text, "salt" int, "bits" int, "which" int) returns int
      language sql immutable parallel safe as $$
      select ${bitOf(gramHash('"gram"', '"salt"'), '"which"', '"bits"')}
    $$;`);
    // The same bits, each gram hashed once: an import works this out for every post it writes.
    this.addSql(`create function "hangul_gram_signature"("grams" text[], "salt" int) returns bytea
      language plpgsql immutable strict parallel safe as $$
      declare
        "bits" int := least(${MAX_BYTES}, greatest(${MIN_BYTES}, (cardinality("grams") * ${BITS_PER_GRAM} + 7) / 8)) * 8;
        "signature" bytea := decode(repeat('00', "bits" / 8), 'hex');
        "gram" text;
        "hash" bigint;
      begin
        foreach "gram" in array "grams" loop
          "hash" := ${gramHash('"gram"', '"salt"')};
          "signature" := set_bit(set_bit("signature", ${bitOf('"hash"', '0', '"bits"')}, 1), ${bitOf('"hash"', '1', '"bits"')}, 1);
        end loop;
        return "signature";
      end $$;`);
    // No signature: the post may hold it (its texts decide). Both bits set, written as a sum over 1 rather than two
    // equalities: the planner, which inlines the function, estimates an inequality it cannot read from statistics
    // at a third of the rows and an equality at half a per cent; with the latter it takes the walk for one that
    // finds nothing and reads every post instead when the table is not all visible (after an import).
    this.addSql(`create function "may_hold_hangul_gram"("signature" bytea, "gram" text, "salt" int) returns boolean
      language sql immutable parallel unsafe as $$
      select "signature" is null
        or get_bit("signature", hangul_gram_bit("gram", "salt", octet_length("signature") * 8, 0))
          + get_bit("signature", hangul_gram_bit("gram", "salt", octet_length("signature") * 8, 1)) > 1
    $$;`);
    this.addSql(`alter table "post"
      add column "title_gram_signature" bytea generated always as (hangul_gram_signature("title_hangul_grams", "id")) stored,
      add column "body_gram_signature" bytea generated always as (hangul_gram_signature("body_hangul_grams", "id")) stored;`);
    this.addSql(`drop index "post_list_order_index";`);
    this.addSql(`create index "post_list_order_index" on "post" ("post_date" desc nulls last, "id" desc)
      include ("title_gram_signature", "body_gram_signature");`);
    // The list order stays the index a CLUSTER of the table follows (migration 20261219).
    this.addSql(`alter table "post" cluster on "post_list_order_index";`);
  }

  override down(): void {
    this.addSql(`drop index "post_list_order_index";`);
    this.addSql(`alter table "post" drop column "title_gram_signature", drop column "body_gram_signature";`);
    this.addSql(`create index "post_list_order_index" on "post" ("post_date" desc nulls last, "id" desc);`);
    this.addSql(`alter table "post" cluster on "post_list_order_index";`);
    this.addSql(`drop function "may_hold_hangul_gram"(bytea, text, int);`);
    this.addSql(`drop function "hangul_gram_signature"(text[], int);`);
    this.addSql(`drop function "hangul_gram_bit"(text, int, int, int);`);
  }
}
