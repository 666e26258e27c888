/** Step 1's one recipient list: every tab adds to it; people the server would skip are marked with the reason. */
import { mergeRecipients, type Recipient, selectSendableRecipients } from "@hearth/shared";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { errorMessage } from "../../lib/api";
import { fetchDuplicates } from "./invitation-api";
import { exclusionsFromDedupe } from "./recipient-status";

/** Wait this long after the last change before asking the server who is already invited. */
const DEDUPE_DEBOUNCE_MS = 600;

export interface AddResult {
  added: number;
  alreadyListed: number;
}

export interface DuplicateCheckState {
  pending: boolean;
  error: string | null;
}

export function useRecipientList(surveyId: string, reminder: boolean) {
  const [recipients, setRecipients] = useState<Recipient[]>([]);
  const [deselected, setDeselected] = useState<ReadonlySet<string>>(() => new Set());
  const [exclusions, setExclusions] = useState<ReadonlyMap<string, string>>(() => new Map());
  const [check, setCheck] = useState<DuplicateCheckState>({ pending: false, error: null });
  const recipientsRef = useRef(recipients);
  recipientsRef.current = recipients;
  /** The list the current exclusions were computed for. */
  const checkedRef = useRef<{ list: Recipient[]; exclusions: ReadonlyMap<string, string> } | null>(null);
  const inFlight = useRef<{ list: Recipient[]; promise: Promise<ReadonlyMap<string, string>>; controller: AbortController } | null>(null);

  const add = useCallback((added: readonly Recipient[]): AddResult => {
    const current = recipientsRef.current;
    const merged = mergeRecipients(current, added);
    const count = merged.length - current.length;
    if (count > 0) {
      recipientsRef.current = merged;
      setRecipients(merged);
    }
    return { added: count, alreadyListed: added.length - count };
  }, []);

  const removeEmails = useCallback((emails: ReadonlySet<string>) => {
    const next = recipientsRef.current.filter((recipient) => !emails.has(recipient.email));
    recipientsRef.current = next;
    setRecipients(next);
  }, []);

  const remove = useCallback((email: string) => removeEmails(new Set([email])), [removeEmails]);

  const clear = useCallback(() => {
    recipientsRef.current = [];
    setRecipients([]);
    setDeselected(new Set());
  }, []);

  const toggle = useCallback((email: string, selected: boolean) => {
    setDeselected((current) => {
      const next = new Set(current);
      if (selected) next.delete(email);
      else next.add(email);
      return next;
    });
  }, []);

  const setAllSelected = useCallback((selected: boolean) => {
    setDeselected(selected ? new Set() : new Set(recipientsRef.current.map((recipient) => recipient.email)));
  }, []);

  /** Ask the server about exactly this list (reusing an answer or a request for the same list). */
  const runCheck = useCallback(
    (list: Recipient[]): Promise<ReadonlyMap<string, string>> => {
      if (checkedRef.current?.list === list) return Promise.resolve(checkedRef.current.exclusions);
      if (inFlight.current?.list === list) return inFlight.current.promise;
      inFlight.current?.controller.abort();
      if (list.length === 0) {
        const empty = new Map<string, string>();
        checkedRef.current = { list, exclusions: empty };
        setExclusions(empty);
        setCheck({ pending: false, error: null });
        return Promise.resolve(empty);
      }
      const controller = new AbortController();
      setCheck({ pending: true, error: null });
      const promise = fetchDuplicates(
        surveyId,
        list.map((recipient) => recipient.email),
        reminder,
        controller.signal,
      ).then(
        (response) => {
          const found = exclusionsFromDedupe(response.invitees, reminder);
          if (inFlight.current?.controller === controller) inFlight.current = null;
          checkedRef.current = { list, exclusions: found };
          if (recipientsRef.current === list) {
            setExclusions(found);
            setCheck({ pending: false, error: null });
          }
          return found as ReadonlyMap<string, string>;
        },
        (error: unknown) => {
          if (inFlight.current?.controller === controller) inFlight.current = null;
          if (!controller.signal.aborted) setCheck({ pending: false, error: errorMessage(error) });
          throw error;
        },
      );
      inFlight.current = { list, promise, controller };
      return promise;
    },
    [surveyId, reminder],
  );

  useEffect(() => {
    if (checkedRef.current?.list === recipients) return;
    const timer = setTimeout(() => {
      runCheck(recipients).catch(() => undefined);
    }, DEDUPE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [recipients, runCheck]);

  useEffect(() => () => inFlight.current?.controller.abort(), []);

  /** Check the current list now (the Next button); resolves with who is excluded. */
  const checkNow = useCallback(() => runCheck(recipientsRef.current), [runCheck]);

  const selected = useMemo(() => {
    const emails = new Set<string>();
    for (const recipient of recipients) if (!deselected.has(recipient.email)) emails.add(recipient.email);
    return emails;
  }, [recipients, deselected]);

  const sendable = useMemo(
    () => selectSendableRecipients(recipients, { selected, duplicates: new Set(exclusions.keys()) }),
    [recipients, selected, exclusions],
  );

  return { recipients, deselected, exclusions, check, sendable, add, remove, removeEmails, clear, toggle, setAllSelected, checkNow };
}

export type RecipientList = ReturnType<typeof useRecipientList>;
