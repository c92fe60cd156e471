// Two recorded assets the file's-assets suites share: an illustration whose licence asks for credit
// (CC BY-SA) and an icon whose licence does not (MIT).
export const cat = {
  uuid: "c",
  name: "Cat",
  type: "illustration" as const,
  set: "openmoji",
  licence: "CC BY-SA 4.0",
};
export const star = { uuid: "s", name: "Star", type: "icon" as const, set: "tabler", licence: "MIT" };
