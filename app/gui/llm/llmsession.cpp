#include "llm/llmsession.h"

#include <algorithm>
#include <cmath>

LlmSession::LlmSession(QObject *parent) : QObject(parent)
{
    m_scene.settings = llmview::normalized({});
}

void LlmSession::setGpu(const model::Gpu &gpu)
{
    m_gpu = gpu;
    recompute(m_scene.settings);
}

void LlmSession::setSettings(const llmview::Settings &settings)
{
    const llmview::Settings s = llmview::normalized(settings);
    if (s == m_scene.settings && !m_scene.formats.isEmpty())
        return;
    recompute(s);
}

void LlmSession::setModel(const QString &id)
{
    llmview::Settings s = settings();
    s.model = id;
    setSettings(s);
}

void LlmSession::setTokens(double m)
{
    llmview::Settings s = settings();
    s.tokens = m;
    // Fewer tokens than sequences: the batch comes down with them.
    s.batch = std::min(s.batch, std::max(1.0, std::round(m)));
    setSettings(s);
}

void LlmSession::setBatch(double b)
{
    llmview::Settings s = settings();
    s.batch = b;
    s.tokens = std::max(s.tokens, std::round(b));
    setSettings(s);
}

void LlmSession::setKvLength(double kv)
{
    llmview::Settings s = settings();
    s.kvLength = kv;
    setSettings(s);
}

void LlmSession::setLinear(const QString &name)
{
    llmview::Settings s = settings();
    s.linear = name;
    setSettings(s);
}

QStringList LlmSession::lessonKeys()
{
    return {QStringLiteral("model"), QStringLiteral("M"), QStringLiteral("B"), QStringLiteral("S"),
            QStringLiteral("linear")};
}

void LlmSession::applyLessonState(const QVariantMap &state)
{
    const llmview::Settings d;
    llmview::Settings s;
    s.model = state.value(QStringLiteral("model"), d.model).toString();
    s.tokens = state.value(QStringLiteral("M"), d.tokens).toDouble();
    s.batch = state.value(QStringLiteral("B"), d.batch).toDouble();
    s.kvLength = state.value(QStringLiteral("S"), d.kvLength).toDouble();
    s.linear = state.value(QStringLiteral("linear"), d.linear).toString();
    setSettings(s);
}

void LlmSession::recompute(const llmview::Settings &settings)
{
    if (hasGpu())
        m_scene = llmview::compute(settings, m_gpu);
    else
        m_scene = llmview::Scene{llmview::normalized(settings)};
    emit changed();
}
