#pragma once

#include <QMap>
#include <QStringList>
#include <QWidget>

class QCheckBox;
class QGroupBox;
class QVBoxLayout;

// One check box per precision ceiling and per memory level. Only those the shown GPUs have
// are offered, but the wanted set is kept across GPU changes: untick FP64 on one GPU and it
// stays unticked on the next.
class CeilingToggles : public QWidget
{
    Q_OBJECT

public:
    explicit CeilingToggles(QWidget *parent = nullptr);

    // Precisions and levels the current GPUs have (names as in model::knownPrecisions()).
    void setAvailable(const QStringList &precisions, const QStringList &levels);
    void setWanted(const QStringList &precisions, const QStringList &levels);
    QStringList wantedPrecisions() const { return m_precisions; }
    QStringList wantedLevels() const { return m_levels; }
    QStringList offeredPrecisions() const { return m_precisionBoxes.keys(); }
    // Ticks or unticks one entry, as the user would.
    void setPrecisionChecked(const QString &precision, bool on);
    void setLevelChecked(const QString &level, bool on);

signals:
    void changed();

private:
    void rebuild();

    QStringList m_availablePrecisions;
    QStringList m_availableLevels;
    QStringList m_precisions;
    QStringList m_levels;
    QGroupBox *m_precisionGroup = nullptr;
    QGroupBox *m_levelGroup = nullptr;
    QMap<QString, QCheckBox *> m_precisionBoxes;
    QMap<QString, QCheckBox *> m_levelBoxes;
};
