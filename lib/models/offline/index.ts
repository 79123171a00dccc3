export { OFFLINE_MODEL_ID, OFFLINE_PROVIDER, OfflineModel, createOfflineModel, type OfflineModelOptions } from "@/lib/models/offline/model";
