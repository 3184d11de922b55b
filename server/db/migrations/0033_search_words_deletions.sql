-- 'Did you mean' looked for the word meant by its trigrams alone, which the commonest slips in a
-- short word leave too few of: 'vlaley' shares 3 of its 7 with 'valley', under any useful bar, so
-- 61 of the bench's 99 words with two letters swapped found nothing (decision 061). A word one
-- slip from another (a letter swapped with the next, left out, doubled or mistyped) shares with
-- it one of the word itself and the words made by leaving out one of its letters ('vlley' for
-- both), so an index of those finds it in a handful of lookups however many words there are.
-- Building the array costs more than the planner's default for a function; its cost is declared,
-- so that the planner looks a small catalogue's words up in the index too rather than computing
-- it for each. The words it finds come first, then the trigrams' own (which put right two slips
-- in a longer word); the service keeps the closest within its edits (spelling.ts).
CREATE OR REPLACE FUNCTION word_deletions(word text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT COST 1000
  AS $$ SELECT array_prepend(word, array(SELECT overlay(word placing '' from i for 1) FROM generate_series(1, length(word)) AS i)) $$;--> statement-breakpoint
CREATE INDEX "search_words_deletions_idx" ON "search_words" USING gin (word_deletions("word"));--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_like(typed text, most int) RETURNS SETOF text
  LANGUAGE sql STABLE SET pg_trgm.word_similarity_threshold = 0.3 AS $$
  (SELECT word FROM search_words WHERE word_deletions(word) && word_deletions(typed)
    ORDER BY similarity(typed, word) DESC, word LIMIT most)
  UNION ALL
  (SELECT word FROM search_words WHERE typed <% word ORDER BY word_similarity(typed, word) DESC, word LIMIT most)
$$;
