import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/domain/idempotency";

/**
 * A form's once-only key (ARCHITECTURE "Once only"): the one its loader
 * rendered, then a fresh one after every answer to a submission, refused or
 * not. Without JavaScript every answer is a new page with a new key; with it,
 * a refused submission (4xx) does not run the loaders again, so the key would
 * otherwise stay, and the corrected submission would be the first one
 * replayed (issue 26). While a submission is under way the key stays, so a
 * double click sends the same key twice.
 */
export function IdempotencyKeyField({ value }: { value: string }) {
  return <input type="hidden" name={IDEMPOTENCY_FIELD} value={useKeyRenewedAfterAnswers(value)} />;
}

function useKeyRenewedAfterAnswers(rendered: string) {
  const [key, setKey] = useState(rendered);
  const navigation = useNavigation();
  const submitting =
    navigation.state !== "idle" && navigation.formMethod !== undefined && navigation.formMethod.toUpperCase() !== "GET";
  const wasSubmitting = useRef(false);

  useEffect(() => setKey(rendered), [rendered]);
  useEffect(() => {
    if (submitting) wasSubmitting.current = true;
    else if (wasSubmitting.current) {
      wasSubmitting.current = false;
      setKey(newIdempotencyKey());
    }
  }, [submitting]);
  return key;
}
