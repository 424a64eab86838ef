#pragma once

#include "gpu.h"
#include "llm/llmscene.h"

#include <QObject>
#include <QVariantMap>

// The decode-vs-prefill view's state without a widget: the settings (model, M, B, S, the linear
// layer shown) and the scene they give on the workspace's GPU. The Workspace owns one, so a
// re-created window (a language switch) shows the same M; lessons set it through
// applyLessonState; views follow changed().
class LlmSession : public QObject
{
    Q_OBJECT

public:
    explicit LlmSession(QObject *parent = nullptr);

    static QString chartGroup() { return QStringLiteral("llm"); }

    void setGpu(const model::Gpu &gpu);
    const model::Gpu &gpu() const { return m_gpu; }
    bool hasGpu() const { return !m_gpu.id.isEmpty(); }

    const llmview::Settings &settings() const { return m_scene.settings; }
    // Normalized first (llmview::normalized); a value that changes nothing emits nothing.
    void setSettings(const llmview::Settings &settings);
    void setModel(const QString &id);
    void setTokens(double m);
    // M follows a batch above it (each sequence brings a token).
    void setBatch(double b);
    void setKvLength(double s);
    void setLinear(const QString &name);

    const llmview::Scene &scene() const { return m_scene; }

    // A lesson's "llm" object: model, M, B, S, linear. Absent keys take their defaults, so a
    // step shows what its script says whatever was moved before.
    void applyLessonState(const QVariantMap &state);
    static QStringList lessonKeys();

signals:
    void changed();

private:
    void recompute(const llmview::Settings &settings);

    model::Gpu m_gpu;
    llmview::Scene m_scene;
};
