import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import { type SupportKind, SupportModal } from "./support-modal";

interface SupportContextValue {
  openSupport: (kind: SupportKind) => void;
}

const SupportContext = createContext<SupportContextValue>({ openSupport: () => undefined });

/** One support dialog for the whole shell: "Need Help" from the sidebar, "Submit Support Ticket" from the menu. */
export function SupportProvider({ children }: { children: ReactNode }) {
  const [kind, setKind] = useState<SupportKind | null>(null);
  const value = useMemo(() => ({ openSupport: setKind }), []);
  return (
    <SupportContext.Provider value={value}>
      {children}
      <SupportModal kind={kind} onClose={() => setKind(null)} />
    </SupportContext.Provider>
  );
}

export function useSupport() {
  return useContext(SupportContext);
}
