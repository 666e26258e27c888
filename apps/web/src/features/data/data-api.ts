import type { DataImport, DataImportDetail, DataImportRequest, ImportMapping } from "@hearth/shared";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../../lib/api";

export const dataKeys = {
  mapping: ["import-mapping"] as const,
  import: (id: string) => ["data-import", id] as const,
  imports: ["data-imports"] as const,
};

/** GET /api/data/import-mapping: the company's earlier column choices. */
export function useImportMapping() {
  return useQuery({ queryKey: dataKeys.mapping, queryFn: () => api<ImportMapping>("/api/data/import-mapping?kind=demographics") });
}

export interface StoredUpload {
  id: string;
  fileName: string;
  size: number;
}

/**
 * POST /api/uploads: a multipart form, the text fields first and the file last (the server streams the file part to
 * the storage as it arrives), with the browser's own upload progress (fetch has none). Same origin, so the session
 * cookie and the Origin header go with it.
 */
export function uploadFile(file: File, folder: string, onProgress: (loaded: number, total: number) => void, signal?: AbortSignal) {
  return new Promise<StoredUpload>((resolve, reject) => {
    const request = new XMLHttpRequest();
    const form = new FormData();
    form.append("filename", file.name);
    form.append("filetype", file.type || "text/csv");
    form.append("path", folder);
    form.append("file", file);
    // no content-type header: the browser writes multipart/form-data with its boundary
    request.open("POST", "/api/uploads");
    request.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    request.onload = () => {
      const body = (() => {
        try {
          return JSON.parse(request.responseText);
        } catch {
          return null;
        }
      })();
      if (request.status >= 200 && request.status < 300) resolve(body as StoredUpload);
      else {
        const error = body?.error ?? {};
        reject(
          new ApiError(
            request.status,
            error.code ?? "UPLOAD_FAILED",
            error.message ?? "The upload failed. Please try again.",
            error.fields ?? {},
          ),
        );
      }
    };
    request.onerror = () => reject(new ApiError(0, "NETWORK", "The upload was interrupted. Check your connection and try again.", {}));
    request.onabort = () => reject(new ApiError(0, "ABORTED", "The upload was cancelled.", {}));
    signal?.addEventListener("abort", () => request.abort());
    request.send(form);
  });
}

/** POST /api/data/imports (either kind). */
export function useStartImport() {
  return useMutation({ mutationFn: (input: DataImportRequest) => api<DataImport>("/api/data/imports", { body: input }) });
}

/** GET /api/data/imports: the company's latest imports. */
export function useDataImports() {
  return useQuery({ queryKey: dataKeys.imports, queryFn: () => api<{ imports: DataImport[] }>("/api/data/imports") });
}

/** GET /api/data/imports/:id (with a feedback import's survey and questions), polled every second until the commit is done or failed. */
export function useDataImport(id: string | null) {
  return useQuery({
    queryKey: dataKeys.import(id ?? ""),
    queryFn: () => api<DataImportDetail>(`/api/data/imports/${encodeURIComponent(id ?? "")}`),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data && ["done", "failed"].includes(query.state.data.status) ? false : 1_000),
  });
}
