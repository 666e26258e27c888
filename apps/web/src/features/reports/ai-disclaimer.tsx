import { Alert } from "@mantine/core";
import { IconSparkles } from "@tabler/icons-react";

/** The analysis disclaimer (spec surveys §8), for pages whose labels or themes come from automated analysis. */
export const AI_DISCLAIMER =
  "Automated analysis: the system may occasionally generate incorrect or misleading information, so treat its labels and themes as a guide and read the comments themselves before acting on them.";

export function AiDisclaimer() {
  return (
    <Alert variant="light" color="gray" icon={<IconSparkles size={18} aria-hidden />} data-testid="ai-disclaimer">
      {AI_DISCLAIMER}
    </Alert>
  );
}
