#include "shell/ceilingtoggles.h"

#include "gpu.h"
#include "panels/columnslayout.h"

#include <QCheckBox>
#include <QGroupBox>
#include <QVBoxLayout>

CeilingToggles::CeilingToggles(QWidget *parent)
    : QWidget(parent), m_precisionGroup(new QGroupBox(tr("Compute ceilings"), this)),
      m_levelGroup(new QGroupBox(tr("Memory levels"), this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_precisionGroup);
    layout->addWidget(m_levelGroup);
    new ColumnsLayout(m_precisionGroup, 2); // one column in a narrow dock
    new QVBoxLayout(m_levelGroup);
    // Defaults: the figures a course quotes first; FP8/FP4 and the accumulate variants on request.
    m_precisions = {QStringLiteral("fp64"), QStringLiteral("fp32"), QStringLiteral("tf32_tc"),
                    QStringLiteral("bf16_tc")};
    m_levels = model::knownLevels();
}

void CeilingToggles::setAvailable(const QStringList &precisions, const QStringList &levels)
{
    if (precisions == m_availablePrecisions && levels == m_availableLevels)
        return;
    m_availablePrecisions = precisions;
    m_availableLevels = levels;
    rebuild();
}

void CeilingToggles::setWanted(const QStringList &precisions, const QStringList &levels)
{
    m_precisions = precisions;
    m_levels = levels;
    for (auto it = m_precisionBoxes.begin(); it != m_precisionBoxes.end(); ++it) {
        const QSignalBlocker block(it.value());
        it.value()->setChecked(m_precisions.contains(it.key()));
    }
    for (auto it = m_levelBoxes.begin(); it != m_levelBoxes.end(); ++it) {
        const QSignalBlocker block(it.value());
        it.value()->setChecked(m_levels.contains(it.key()));
    }
    emit changed();
}

void CeilingToggles::setPrecisionChecked(const QString &precision, bool on)
{
    if (QCheckBox *box = m_precisionBoxes.value(precision))
        box->setChecked(on);
}

void CeilingToggles::setLevelChecked(const QString &level, bool on)
{
    if (QCheckBox *box = m_levelBoxes.value(level))
        box->setChecked(on);
}

void CeilingToggles::rebuild()
{
    qDeleteAll(m_precisionBoxes);
    qDeleteAll(m_levelBoxes);
    m_precisionBoxes.clear();
    m_levelBoxes.clear();
    QLayout *grid = m_precisionGroup->layout();
    for (const QString &p : model::knownPrecisions()) {
        if (!m_availablePrecisions.contains(p))
            continue;
        auto *box = new QCheckBox(model::precisionLabel(p), m_precisionGroup);
        box->setChecked(m_precisions.contains(p));
        connect(box, &QCheckBox::toggled, this, [this, p](bool on) {
            m_precisions.removeAll(p);
            if (on)
                m_precisions << p;
            emit changed();
        });
        grid->addWidget(box);
        m_precisionBoxes.insert(p, box);
    }
    for (const QString &l : model::knownLevels()) {
        if (!m_availableLevels.contains(l))
            continue;
        auto *box = new QCheckBox(model::levelLabel(l), m_levelGroup);
        box->setChecked(m_levels.contains(l));
        connect(box, &QCheckBox::toggled, this, [this, l](bool on) {
            m_levels.removeAll(l);
            if (on)
                m_levels << l;
            emit changed();
        });
        m_levelGroup->layout()->addWidget(box);
        m_levelBoxes.insert(l, box);
    }
}
