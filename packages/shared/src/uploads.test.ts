import { describe, expect, it } from "vitest";
import { cleanUploadName, declaredUploadType, isUploadFolder, sniffUploadType } from "./uploads.js";

const bytes = (...values: number[]) => new Uint8Array(values);

describe("uploads", () => {
  it("recognises files by their bytes", () => {
    expect(sniffUploadType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("image/png");
    expect(sniffUploadType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("image/jpeg");
    expect(sniffUploadType(new TextEncoder().encode("%PDF-1.7\n"))).toBe("application/pdf");
    expect(sniffUploadType(new TextEncoder().encode("\uFEFFemail,Département\nana@example.com,Ventes\n"))).toBe("text/csv");
    // a character cut at the end of the sniffed head still reads as text
    expect(sniffUploadType(new TextEncoder().encode("name\nRenée").subarray(0, 9))).toBe("text/csv");
    expect(sniffUploadType(bytes(0x61, 0x00, 0x62))).toBeNull();
    expect(sniffUploadType(bytes(0xc3, 0x28, 0x61, 0x62, 0x63, 0x64))).toBeNull();
    expect(sniffUploadType(bytes())).toBeNull();
  });

  it("reads what the browser declared, CSV by its extension too", () => {
    expect(declaredUploadType("text/csv", "people.csv")).toBe("text/csv");
    expect(declaredUploadType("application/vnd.ms-excel", "people.CSV")).toBe("text/csv");
    expect(declaredUploadType("text/plain", "notes.txt")).toBeNull();
    expect(declaredUploadType("image/png", "logo.png")).toBe("image/png");
    expect(declaredUploadType("application/x-msdownload", "run.exe")).toBeNull();
  });

  it("allows plain folders only and cleans names", () => {
    expect(isUploadFolder("imports")).toBe(true);
    expect(isUploadFolder("imports/demographics")).toBe(true);
    for (const folder of ["", "../x", "a/../b", "/abs", "a//b", "A", "a/b/c/d", "a\\b", "%2e%2e"])
      expect(isUploadFolder(folder), folder).toBe(false);
    expect(cleanUploadName("../../etc/Employees 2026.csv", "text/csv")).toBe("employees-2026.csv");
    expect(cleanUploadName("C:\\Users\\me\\Löhne.csv", "text/csv")).toBe("lohne.csv");
    expect(cleanUploadName("....", "image/png")).toBe("file.png");
  });
});
