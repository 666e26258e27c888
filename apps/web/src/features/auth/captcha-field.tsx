import type { PublicConfig } from "@hearth/shared";
import { Input, Text } from "@mantine/core";
import type {} from "altcha/types/react";
import { useCallback, useEffect, useRef, useState } from "react";

export const CAPTCHA_CHALLENGE_URL = "/api/captcha/challenge";

interface CaptchaFieldProps {
  captcha: PublicConfig["captcha"];
  onChange: (token: string | null) => void;
  error?: string;
}

/** The captcha the server asks for: ALTCHA (self-hosted proof of work), Google reCAPTCHA, or none. */
export function CaptchaField({ captcha, onChange, error }: CaptchaFieldProps) {
  const latest = useRef(onChange);
  latest.current = onChange;
  const report = useCallback((token: string | null) => latest.current(token), []);
  if (captcha.provider === "off") return null;
  return (
    <Input.Wrapper label="Are you human?" error={error} errorProps={{ role: "alert" }}>
      {captcha.provider === "altcha" ? (
        <AltchaWidget onChange={report} />
      ) : (
        <RecaptchaWidget siteKey={captcha.siteKey ?? ""} onChange={report} />
      )}
    </Input.Wrapper>
  );
}

function AltchaWidget({ onChange }: { onChange: (token: string | null) => void }) {
  const ref = useRef<HTMLElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    import("altcha").then(() => {
      if (!cancelled) setReady(true);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!ready || !element) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail ?? {};
      onChange(detail.state === "verified" && detail.payload ? detail.payload : null);
    };
    element.addEventListener("statechange", onState);
    return () => element.removeEventListener("statechange", onState);
  }, [ready, onChange]);

  if (!ready) return <Text size="sm">Loading the human check…</Text>;
  return (
    <div style={{ marginTop: 4 }}>
      <altcha-widget ref={ref} challenge={CAPTCHA_CHALLENGE_URL} name="captcha" />
    </div>
  );
}

interface Grecaptcha {
  render: (container: HTMLElement, options: Record<string, unknown>) => number;
  ready: (callback: () => void) => void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let recaptchaScript: Promise<void> | null = null;

function loadRecaptcha(): Promise<void> {
  if (recaptchaScript) return recaptchaScript;
  recaptchaScript = new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = "https://www.google.com/recaptcha/api.js?render=explicit";
    script.async = true;
    script.defer = true;
    script.onload = () => window.grecaptcha?.ready(() => resolve());
    script.onerror = () => {
      recaptchaScript = null;
      reject(new Error("reCAPTCHA could not be loaded"));
    };
    document.head.appendChild(script);
  });
  return recaptchaScript;
}

function RecaptchaWidget({ siteKey, onChange }: { siteKey: string; onChange: (token: string | null) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadRecaptcha()
      .then(() => {
        if (cancelled || !container.current || !window.grecaptcha) return;
        container.current.innerHTML = "";
        const target = document.createElement("div");
        container.current.appendChild(target);
        window.grecaptcha.render(target, {
          sitekey: siteKey,
          callback: (token: string) => onChange(token),
          "expired-callback": () => onChange(null),
          "error-callback": () => onChange(null),
        });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [siteKey, onChange]);

  if (failed) return <Text size="sm">The human check could not be loaded. Reload the page to try again.</Text>;
  return <div ref={container} style={{ marginTop: 4 }} />;
}
