-- A candidate's phone number (the catalogue field `phone`, stored in E.164, PRODUCT.md §11) is
-- found by its digits: search_doc holds it as one lexeme `phone:<digits>` ("+4915123456789" →
-- phone:4915123456789), and a query that is a phone number ("0151 234", "+49151234", contract/phone.ts
-- phoneSearchDigits) is a prefix of it. The rest of the document is as in migration 0030. No stored
-- profile holds a phone before this migration (the catalogue refused the key), so no row is rewritten.
CREATE OR REPLACE FUNCTION matchwerk_profile_doc(v jsonb, email text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
BEGIN ATOMIC
  SELECT array_to_tsvector(
    matchwerk_search_words(matchwerk_profile_search(v) || ' ' || matchwerk_fold(email))
    || ARRAY(
      SELECT 'skill:' || s
      FROM jsonb_array_elements_text(CASE jsonb_typeof(v -> 'skills') WHEN 'array' THEN v -> 'skills' ELSE '[]'::jsonb END) AS s
      WHERE s <> '' AND octet_length(s) < 1024)
    || CASE WHEN jsonb_typeof(v -> 'occupation') = 'string' AND v ->> 'occupation' <> ''
              AND octet_length(v ->> 'occupation') < 1024
            THEN ARRAY['occupation:' || (v ->> 'occupation')] ELSE '{}'::text[] END
    || CASE WHEN jsonb_typeof(v -> 'phone') = 'string' AND regexp_replace(v ->> 'phone', '[^0-9]', '', 'g') <> ''
              AND octet_length(v ->> 'phone') < 1024
            THEN ARRAY['phone:' || regexp_replace(v ->> 'phone', '[^0-9]', '', 'g')] ELSE '{}'::text[] END);
END;
