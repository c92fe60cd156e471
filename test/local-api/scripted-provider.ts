// A deterministic AiProvider for tests: it refuses prompts containing "forbidden", fails the second
// task of prompts containing "fail" (every task when they contain "fail every"), and otherwise answers a PNG per task whose width says which task
// it was (16 + index). Gates let a test hold dispatch or the tasks open to look at in-flight states.

import sharp from "sharp";
import type { AiDispatch, AiProvider, AiWork } from "../../src/local-api/app";

export class Gate {
  private opened = Promise.resolve();
  private release: () => void = () => {};
  close(): void {
    this.opened = new Promise((resolve) => {
      this.release = resolve;
    });
  }
  open(): void {
    this.release();
  }
  wait(): Promise<void> {
    return this.opened;
  }
}

export class ScriptedProvider implements AiProvider {
  readonly operations = [
    "text-to-image",
    "image-to-image",
    "text-to-3d",
    "image-to-3d",
    "smart-group",
  ] as const;
  readonly models = [
    {
      model: "sketch-1",
      name: "Sketch",
      operations: ["text-to-image", "image-to-image"] as const,
      credit_cost: 3,
    },
    { model: "mesh-1", name: "Mesh", operations: ["text-to-3d", "image-to-3d"] as const, credit_cost: 8 },
  ];
  readonly smartGroupCredits = 1;
  readonly dispatched: AiWork[] = [];
  readonly dispatchGate = new Gate();
  readonly taskGate = new Gate();

  async dispatch(work: AiWork): Promise<AiDispatch> {
    this.dispatched.push(work);
    await this.dispatchGate.wait();
    if (work.prompt?.includes("forbidden")) {
      return { accepted: false, message: "the prompt breaks the acceptable use policy" };
    }
    const tasks = Array.from({ length: work.count }, (_, index) => async () => {
      await this.taskGate.wait();
      if (work.prompt?.includes("fail") && (index === 1 || work.prompt.includes("fail every")))
        throw new Error("the model stopped half-way");
      const bytes = await sharp({
        create: { width: 16 + index, height: 16, channels: 3, background: "#336699" },
      })
        .png()
        .toBuffer();
      return { bytes, extension: "png" };
    });
    return { accepted: true, tasks };
  }
}
