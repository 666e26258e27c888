import { z } from "zod";

/** What every upload answers: the stored file's id, clean name, size and type. */
export const uploadedSchema = z.object({ id: z.string(), fileName: z.string(), size: z.number().int(), contentType: z.string() });

/** The file's name, declared type and folder, as every form of upload gives them (body, query or form fields). */
export const uploadFields = {
  filename: z.string("Give the file's name").trim().min(1, "Give the file's name").max(255, "At most 255 characters"),
  filetype: z.string("Give the file's type").trim().min(1, "Give the file's type").max(100, "At most 100 characters"),
  path: z.string("Give a folder").trim().min(1, "Give a folder").max(130, "At most 130 characters"),
};
export const uploadFieldsSchema = z.object(uploadFields);
