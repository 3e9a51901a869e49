// Moved to controllers/controller (what every controller builds on); kept for existing importers.
export * from "../controller/context.js";
