import { detectImageType, LOGO_MAX_BYTES } from "@hearth/shared";

export const LOGO_ACCEPT = { "image/png": [".png"], "image/jpeg": [".jpg", ".jpeg"] };
export const LOGO_TYPE_MESSAGE = "Choose a PNG or JPEG image.";
export const LOGO_SIZE_MESSAGE = `The logo must be ${LOGO_MAX_BYTES / (1024 * 1024)} MB or smaller.`;

/** Checks type, size and the file's first bytes before anything is sent; answers an error text or null. */
export async function checkLogoFile(file: File): Promise<string | null> {
  if (file.type !== "image/png" && file.type !== "image/jpeg") return LOGO_TYPE_MESSAGE;
  if (file.size > LOGO_MAX_BYTES) return LOGO_SIZE_MESSAGE;
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return detectImageType(head) ? null : LOGO_TYPE_MESSAGE;
}

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsDataURL(file);
  });
}
